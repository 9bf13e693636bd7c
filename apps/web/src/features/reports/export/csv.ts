// CSV export: UTF-8 with a byte order mark (so Excel reads Arabic correctly), CRLF line ends,
// and every field quoted when it holds a comma, a quote or a line break (RFC 4180). A table with
// further sections (the SLA report's breaches) writes each after an empty line, under its title.
import { linkOf, type ExportCell, type ExportTable } from './export-table.ts';

const BOM = '\uFEFF';

/**
 * A value that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe; plain numbers such as "-5" stay as they are.
 */
function neutralised(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

export function csvField(value: string): string {
  const text = neutralised(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A number as a number (no grouping, Latin digits), a time as "YYYY-MM-DD HH:mm", a date as "YYYY-MM-DD", a link as its address. */
function csvCell(cell: ExportCell): string {
  if (typeof cell === 'string') return csvField(cell);
  if (cell.kind === 'number') return String(cell.value);
  if (cell.kind === 'time') return cell.local;
  if (cell.kind === 'date') return cell.value;
  return csvField(linkOf(cell));
}

/** The table's header and rows; each further section after an empty line, under its title and its own header. */
export function buildCsv(table: ExportTable): string {
  const lines = [table.columns.map((column) => csvField(column.label)), ...table.rows.map((row) => row.map(csvCell))];
  for (const section of table.sections ?? []) {
    lines.push(
      [],
      [csvField(section.title)],
      section.columns.map((column) => csvField(column.label)),
      ...section.rows.map((row) => row.map(csvCell)),
    );
  }
  return BOM + lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}
