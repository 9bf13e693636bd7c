// The shape every export format is built from: translated column titles and rows of cells. A
// cell is words (current language), or a number, a time, a date or a link that each format writes
// as such (a number a spreadsheet can sum, a time or a date it can sort, a link it can open, a
// photo the PDF draws), with the words beside it for formats that only show text. It crosses to the export
// worker as plain data.
export const EXPORT_FORMATS = ['xlsx', 'csv', 'json', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_COLUMNS = ['time', 'task', 'action', 'member', 'site', 'project', 'answer', 'notes', 'flagged', 'outside', 'ticket', 'score'] as const;
export type ExportColumnKey = (typeof EXPORT_COLUMNS)[number];

export interface ExportColumn {
  /** An answers column (EXPORT_COLUMNS), or another report's own. */
  key: ExportColumnKey | (string & {});
  label: string;
  /** Relative width: a PDF page and a sheet share the space by these. */
  width: number;
  /** The column's name in JSON, the same in every language (the SLA report's); the title otherwise. */
  jsonKey?: string;
}

export interface ExportTable {
  direction: 'ltr' | 'rtl';
  title: string;
  /** One line under the title: the date range and how many answers. */
  subtitle: string;
  /** The worksheet's name (at most 31 characters, as Excel allows). */
  sheetName: string;
  /** With further sections: the table's key in JSON, the same in every language. */
  jsonKey?: string;
  columns: ExportColumn[];
  rows: ExportCell[][];
  /** Further tables of the same file (the SLA report's breaches), each after the first. */
  sections?: ExportSection[];
}

/**
 * A further table in the file: its own sheet in Excel, its own block under its title in CSV, its
 * own key in JSON, and its own pages under its title in a PDF.
 */
export interface ExportSection {
  title: string;
  /** One line under the title. */
  subtitle: string;
  /** The worksheet's name (at most 31 characters). */
  sheetName: string;
  /** The section's key in JSON, the same in every language. */
  jsonKey: string;
  columns: ExportColumn[];
  rows: ExportCell[][];
}

export type ExportCell =
  | string
  | { kind: 'number'; value: number; text: string }
  /** `local` is the wall-clock time in the business's zone, "YYYY-MM-DD HH:mm". */
  | { kind: 'time'; value: string; local: string; text: string }
  /** A calendar date (a date answer), `value` "YYYY-MM-DD": no time and no time zone. */
  | { kind: 'date'; value: string; text: string }
  /**
   * A photo or a voice note: `url` opens it, `text` names it (or gives the answer's value). A
   * format that can draw pictures (PDF) shows a photo as a thumbnail with `caption` beside it: the
   * answer's own words, or '' when `text` only names the media. `keep` is the export's own link
   * to the file, written into the file in place of `url` (see linkOf).
   */
  | { kind: 'link'; url: string; text: string; media: 'photo' | 'voice'; caption: string; keep?: string };

/**
 * The address a file writes for a photo or a voice note: the export's own link, which keeps
 * working (`keep`), or else the one the page read it through, which lasts minutes (`url`).
 */
export const linkOf = (cell: Extract<ExportCell, { kind: 'link' }>) => cell.keep ?? cell.url;

/** The cell as words, for formats that show text (PDF). */
export const cellText = (cell: ExportCell) => (typeof cell === 'string' ? cell : cell.text);

export const EXPORT_MIME: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
  pdf: 'application/pdf',
};
