// JSON export: one object per answer, keyed by the translated column titles, in column order; a
// column with a fixed name (the SLA report's) is keyed by that name, the same in every language. A
// table with further sections (the SLA report's breaches) is one object of such lists under their
// fixed keys ({ "figures": [...], "breaches": [...] }).
import { linkOf, type ExportCell, type ExportTable } from './export-table.ts';

/** A number as a number, a time as its instant and a date as its day (ISO 8601), a link as its address. */
function jsonValue(cell: ExportCell | undefined): string | number {
  if (cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if (cell.kind === 'number') return cell.value;
  if (cell.kind === 'time' || cell.kind === 'date') return cell.value;
  return linkOf(cell);
}

const recordsOf = ({ columns, rows }: Pick<ExportTable, 'columns' | 'rows'>) =>
  rows.map((row) => Object.fromEntries(columns.map((column, index) => [column.jsonKey ?? column.label, jsonValue(row[index])])));

/** The records; a table with further sections is one object holding each table's records under its fixed key. */
export function buildJson(table: ExportTable): string {
  const sections = table.sections ?? [];
  if (sections.length === 0) return JSON.stringify(recordsOf(table), null, 2);
  const parts = [table, ...sections].map((part) => [part.jsonKey ?? part.sheetName, recordsOf(part)] as const);
  return JSON.stringify(Object.fromEntries(parts), null, 2);
}
