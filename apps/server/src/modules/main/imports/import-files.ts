// Reading an import file into rows of named values: an Excel workbook (its first sheet, read as a
// stream by exceljs) or a CSV (papaparse) in the encodings spreadsheets really write: UTF-8 with or
// without a byte-order mark, UTF-16 (little or big endian), and Windows-1256, which Excel uses for
// Arabic text on many machines, comma, semicolon or tab separated. The first row names the
// columns, by the English or the Arabic template's headings (or the keys themselves).
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportKind } from '@fieldops/shared/imports';
import { MSG } from '@fieldops/shared/messages';
import { AppError, badRequest } from '../../../lib/errors.ts';

export interface FileRow {
  /** The row's line in the sheet (the heading row is 1). */
  row: number;
  values: Record<string, string>;
}

const refused = (message: string) => badRequest(message, [{ field: 'file', message }]);

/** Headings compared without case, marks of direction, a trailing asterisk or repeated spaces. */
const normalise = (heading: string) =>
  heading
    .replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\*+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Each column of the file to the key it fills, or null for a column we do not know (ignored). */
export function columnKeys(kind: ImportKind, headings: readonly string[]): (string | null)[] {
  const known = new Map<string, string>();
  for (const column of IMPORT_COLUMNS[kind]) {
    for (const name of [column.key, column.en, column.ar]) known.set(normalise(name), column.key);
  }
  const seen = new Set<string>();
  const keys = headings.map((heading) => {
    const key = known.get(normalise(heading)) ?? null;
    // A second column with the same heading is ignored: the first one counts.
    if (key === null || seen.has(key)) return null;
    seen.add(key);
    return key;
  });
  if (!seen.has('name')) throw refused(MSG.importHeadingsMissing);
  return keys;
}

const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32BE(0) === 0x504b0304;
/** The old binary Excel format (and other OLE documents): not read; the person saves as .xlsx or CSV. */
const isOle = (head: Buffer) => head.length >= 8 && head.readUInt32BE(0) === 0xd0cf11e0;

/** The encoding of a CSV's bytes, by its byte-order mark, its zero bytes, or whether it is valid UTF-8. */
export function encodingOf(data: Buffer): 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1256' {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return 'utf-8';
  if (data[0] === 0xff && data[1] === 0xfe) return 'utf-16le';
  if (data[0] === 0xfe && data[1] === 0xff) return 'utf-16be';
  // UTF-16 without a mark: text in Latin letters has a zero byte beside nearly every letter.
  const sample = data.subarray(0, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) evenZeros++;
    else oddZeros++;
  }
  const half = sample.length / 2;
  if (oddZeros > half * 0.3 && evenZeros < half * 0.05) return 'utf-16le';
  if (evenZeros > half * 0.3 && oddZeros < half * 0.05) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return 'utf-8';
  } catch {
    return 'windows-1256';
  }
}

/** Control characters no spreadsheet writes into text: a sign the bytes were read in the wrong encoding. */
// eslint-disable-next-line no-control-regex
const UNREADABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/;

/** The text of a CSV, or a 400 when its encoding cannot be read. */
export function decodeText(data: Buffer): string {
  const text = new TextDecoder(encodingOf(data)).decode(data);
  if (UNREADABLE.test(text)) throw refused(MSG.importEncoding);
  return text;
}

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[]; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    return '';
  }
  return String(value);
};

/** Collects rows under the first non-empty one's headings, refusing more than IMPORT_MAX_ROWS. */
class RowCollector {
  private keys: (string | null)[] | null = null;
  readonly rows: FileRow[] = [];

  constructor(private readonly kind: ImportKind) {}

  add(line: number, cells: readonly unknown[]) {
    const texts = cells.map((cell) => cellText(cell).trim());
    if (texts.every((t) => t === '')) return;
    if (this.keys === null) {
      this.keys = columnKeys(this.kind, texts);
      return;
    }
    if (this.rows.length >= IMPORT_MAX_ROWS) throw refused(MSG.importTooManyRows);
    const values: Record<string, string> = {};
    this.keys.forEach((key, i) => {
      if (key !== null) values[key] = (texts[i] ?? '').slice(0, 1000);
    });
    this.rows.push({ row: line, values });
  }

  done(): FileRow[] {
    if (this.keys === null) throw refused(MSG.importEmpty);
    if (this.rows.length === 0) throw refused(MSG.importEmpty);
    return this.rows;
  }
}

async function readWorkbook(kind: ImportKind, data: Buffer): Promise<FileRow[]> {
  const collector = new RowCollector(kind);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // exceljs numbers cells from 1; the first slot is empty.
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        collector.add(row.number, values);
      }
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refused(MSG.importFileType);
  }
  return collector.done();
}

function readCsv(kind: ImportKind, data: Buffer): FileRow[] {
  const text = decodeText(data);
  const collector = new RowCollector(kind);
  let line = 0;
  let failure: unknown = null;
  Papa.parse<string[]>(text.replace(/^\ufeff/, ''), {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: false,
    step: (result, parser) => {
      line++;
      try {
        collector.add(line, result.data);
      } catch (err) {
        failure = err;
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
  return collector.done();
}

/** The rows of an import file of `kind`: an .xlsx workbook or a CSV, told apart by their bytes. */
export async function readImportFile(kind: ImportKind, data: Buffer): Promise<FileRow[]> {
  if (data.length === 0) throw refused(MSG.importEmpty);
  if (isZip(data)) return readWorkbook(kind, data);
  if (isOle(data)) throw refused(MSG.importFileType);
  return readCsv(kind, data);
}
