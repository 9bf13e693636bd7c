// The shape every export format is built from: translated column titles and rows of values
// already in words (current language, dates in the business's time zone). It crosses to the
// export worker as plain data.
export const EXPORT_FORMATS = ['xlsx', 'csv', 'json', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_COLUMNS = ['time', 'task', 'action', 'member', 'site', 'project', 'answer', 'notes', 'flagged', 'outside', 'ticket'] as const;
export type ExportColumnKey = (typeof EXPORT_COLUMNS)[number];

export interface ExportColumn {
  key: ExportColumnKey;
  label: string;
  /** Relative width: a PDF page and a sheet share the space by these. */
  width: number;
}

export interface ExportTable {
  direction: 'ltr' | 'rtl';
  title: string;
  /** One line under the title: the date range and how many answers. */
  subtitle: string;
  /** The worksheet's name (at most 31 characters, as Excel allows). */
  sheetName: string;
  columns: ExportColumn[];
  rows: string[][];
}

export const EXPORT_MIME: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
  pdf: 'application/pdf',
};
