// JSON export: one object per answer, keyed by the translated column titles, in column order.
import type { ExportTable } from './export-table.ts';

export function buildJson(table: ExportTable): string {
  const records = table.rows.map((row) =>
    Object.fromEntries(table.columns.map((column, index) => [column.label, row[index] ?? ''])),
  );
  return JSON.stringify(records, null, 2);
}
