// JSON export: one object per answer, keyed by the translated column titles, in column order.
import { linkOf, type ExportCell, type ExportTable } from './export-table.ts';

/** A number as a number, a time as its instant and a date as its day (ISO 8601), a link as its address. */
function jsonValue(cell: ExportCell | undefined): string | number {
  if (cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if (cell.kind === 'number') return cell.value;
  if (cell.kind === 'time' || cell.kind === 'date') return cell.value;
  return linkOf(cell);
}

export function buildJson(table: ExportTable): string {
  const records = table.rows.map((row) => Object.fromEntries(table.columns.map((column, index) => [column.label, jsonValue(row[index])])));
  return JSON.stringify(records, null, 2);
}
