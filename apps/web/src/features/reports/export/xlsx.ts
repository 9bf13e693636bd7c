// Excel export (exceljs): one sheet with a bold, frozen, filterable header row, columns sized by
// their share, wrapped text, and the sheet laid out right to left in Arabic; one more sheet like
// it for each further section of the table (the SLA report's breaches).
import ExcelJS from 'exceljs';
import { linkOf, type ExportCell, type ExportTable } from './export-table.ts';

/** Excel limits sheet names to 31 characters without : \ / ? * [ ]. */
export function safeSheetName(name: string): string {
  return (
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet1'
  );
}

/**
 * A number cell, a date cell (Excel has no time zones: a time is the wall-clock time in the
 * business's zone, a date answer its day), a hyperlink, or text.
 */
function xlsxValue(cell: ExportCell): ExcelJS.CellValue {
  if (typeof cell === 'string') return cell;
  if (cell.kind === 'number') return cell.value;
  if (cell.kind === 'time') return new Date(`${cell.local.replace(' ', 'T')}:00Z`);
  if (cell.kind === 'date') return new Date(`${cell.value}T00:00:00Z`);
  return { text: cell.text, hyperlink: linkOf(cell) };
}

/** One sheet: a bold, frozen, filterable header row, then the rows. */
function addSheet(workbook: ExcelJS.Workbook, name: string, part: Pick<ExportTable, 'columns' | 'rows'>, rtl: boolean) {
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: rtl }],
  });
  sheet.columns = part.columns.map((column) => ({ header: column.label, key: column.key, width: Math.max(10, column.width * 1.6) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', horizontal: rtl ? 'right' : 'left', readingOrder: rtl ? 'rtl' : 'ltr' };
  for (const row of part.rows) {
    const added = sheet.addRow(row.map(xlsxValue));
    row.forEach((cell, index) => {
      if (typeof cell !== 'string' && cell.kind === 'time') added.getCell(index + 1).numFmt = 'yyyy-mm-dd hh:mm';
      if (typeof cell !== 'string' && cell.kind === 'date') added.getCell(index + 1).numFmt = 'yyyy-mm-dd';
      if (typeof cell !== 'string' && cell.kind === 'link') added.getCell(index + 1).font = { color: { argb: 'FF1C4FB0' }, underline: true };
    });
    added.alignment = { vertical: 'top', wrapText: true, horizontal: rtl ? 'right' : 'left', readingOrder: rtl ? 'rtl' : 'ltr' };
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: part.columns.length } };
}

export async function buildXlsx(table: ExportTable): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const rtl = table.direction === 'rtl';
  const names = new Set<string>();
  for (const part of [table, ...(table.sections ?? [])]) {
    // Excel refuses two sheets of one name.
    let name = safeSheetName(part.sheetName);
    for (let n = 2; names.has(name.toLowerCase()); n += 1) name = safeSheetName(`${part.sheetName.slice(0, 27)} (${n})`);
    names.add(name.toLowerCase());
    addSheet(workbook, name, part, rtl);
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
