// PDF export (pdf-lib): a landscape A4 table with real, selectable text in an embedded Noto Sans
// Arabic (which also holds Latin letters and digits). Lines are ordered by the bidirectional
// algorithm and shaped by the font (pdf-text.ts, pdf-font.ts); in Arabic the columns run from
// the right. The header row repeats on every page; pages are numbered. Each further section of
// the table (the SLA report's breaches) starts a page of its own under its title. A photo is drawn as a
// thumbnail when its picture was loaded (pdf-images.ts), else named in words; either way it and a
// voice note link to the file.
import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import { must } from '@fieldops/shared/must';
import { cellText, linkOf, type ExportCell, type ExportColumn, type ExportTable } from './export-table.ts';
import { EmbeddedFont, addLink, savePages } from '@fieldops/shared/pdf-font';
import type { Thumbnail } from './pdf-images.ts';
import { isRtlText, visualRuns, wrapText as wrapLines, type Measure } from '@fieldops/shared/pdf-text';

export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 28;
const CELL_PADDING = 4;
const TEXT_SIZE = 8;
const HEADER_SIZE = 8.5;
const LINE_GAP = 3.5;
/** A cell longer than this many lines is cut with an ellipsis so that a row fits on a page. */
const MAX_CELL_LINES = 30;

/** The text as lines (logical order) no wider than `max` points; long cells end with "…". */
const wrapText = (text: string, max: number, width: Measure) => wrapLines(text, max, width, MAX_CELL_LINES);

const GRID = rgb(0.82, 0.84, 0.87);
const HEADER_FILL = rgb(0.93, 0.95, 0.98);
const TEXT = '0.1 0.11 0.13 rg';
const MUTED = '0.4 0.42 0.45 rg';
const LINK = '0.11 0.31 0.69 rg';
/** A thumbnail fits the column's width and at most this height (points). */
const THUMBNAIL_HEIGHT = 54;
const THUMBNAIL_GAP = 3;

export type PdfProgress = (done: number, total: number) => void;

interface PageText {
  page: PDFPage;
  ops: string[];
}

/** A cell ready to draw: its lines, and the thumbnail under them for a photo whose picture loaded. */
interface CellLayout {
  lines: string[];
  rtl: boolean;
  /** Points from the cell's top padding to the bottom of its content. */
  height: number;
  url?: string;
  image?: { image: PDFImage; width: number; height: number };
}

/** `images`: thumbnails by photo address; a photo without one is written as words. */
export async function buildPdf(
  table: ExportTable,
  fonts: PdfFonts,
  onProgress?: PdfProgress,
  images: ReadonlyMap<string, Thumbnail> = new Map(),
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(table.title);
  doc.setLanguage(table.direction === 'rtl' ? 'ar' : 'en');
  doc.setCreationDate(new Date());
  const regular = new EmbeddedFont(doc, fonts.regular);
  const bold = new EmbeddedFont(doc, fonts.bold);
  const rtl = table.direction === 'rtl';

  const inner = PAGE.width - 2 * MARGIN;
  const lineHeight = (size: number) => size + LINE_GAP;
  // The columns of the table being drawn: the first, then each further section's.
  let edges: { left: number; right: number }[] = [];
  const edgeOf = (index: number) => must(edges[index], 'a row has one cell per column');
  const cellWidth = (index: number) => edgeOf(index).right - edgeOf(index).left - 2 * CELL_PADDING;

  const pages: PageText[] = [];
  let current!: PageText;

  /** One line between `left` and `right`, at the start side of the table's direction; answers where it went. */
  const line = (text: string, rtlParagraph: boolean, left: number, right: number, baseline: number, font: EmbeddedFont, size: number, color = TEXT) => {
    const runs = visualRuns(text, rtlParagraph ? 'rtl' : 'ltr');
    if (runs.length === 0) return null;
    const width = font.widthOfRuns(runs, size);
    const x = rtl ? right - width : left;
    current.ops.push(font.showRuns(runs, x, baseline, size, font === bold ? 'FB' : 'FR', color));
    return { x, width };
  };

  /** A clickable area of the page that opens `url`. */
  const link = (x1: number, y1: number, x2: number, y2: number, url: string) => addLink(doc, current.page, [x1, y1, x2, y2], url);

  // Each picture goes into the file once, however many cells show it.
  const pictures = new Map<string, PDFImage>();
  for (const [url, thumbnail] of images) {
    try {
      pictures.set(url, thumbnail.format === 'jpg' ? await doc.embedJpg(thumbnail.bytes) : await doc.embedPng(thumbnail.bytes));
    } catch {
      // Not a picture after all: the cell keeps its words and link.
    }
  }

  const regularWidth: Measure = (text) => regular.width(text, TEXT_SIZE);
  const boldWidth: Measure = (text) => bold.width(text, HEADER_SIZE);
  let headerLines: string[][] = [];
  let headerHeight = 0;

  /** The columns' edges from the start side (left to right in English, right to left in Arabic) and their header. */
  const takeColumns = (columns: ExportColumn[]) => {
    const share = columns.reduce((sum, column) => sum + column.width, 0);
    let offset = 0;
    edges = columns.map((column) => {
      const width = (column.width / share) * inner;
      const start = offset;
      offset += width;
      return rtl ? { left: PAGE.width - MARGIN - start - width, right: PAGE.width - MARGIN - start } : { left: MARGIN + start, right: MARGIN + start + width };
    });
    headerLines = columns.map((column, index) => wrapText(column.label, cellWidth(index), boldWidth));
    headerHeight = Math.max(...headerLines.map((lines) => lines.length)) * lineHeight(HEADER_SIZE) + 2 * CELL_PADDING;
  };

  let y = 0;
  /** A page with the table's header row; a table's first page has its title and subtitle above. */
  const newPage = (heading?: { title: string; subtitle: string }) => {
    current = { page: doc.addPage([PAGE.width, PAGE.height]), ops: [] };
    pages.push(current);
    y = PAGE.height - MARGIN;
    if (heading) {
      y -= 14;
      line(heading.title, rtl || isRtlText(heading.title), MARGIN, PAGE.width - MARGIN, y, bold, 14);
      y -= 16;
      line(heading.subtitle, rtl, MARGIN, PAGE.width - MARGIN, y, regular, 9, MUTED);
      y -= 12;
    }
    current.page.drawRectangle({ x: MARGIN, y: y - headerHeight, width: inner, height: headerHeight, color: HEADER_FILL });
    headerLines.forEach((lines, index) => {
      lines.forEach((text, lineIndex) => {
        const baseline = y - CELL_PADDING - HEADER_SIZE - lineIndex * lineHeight(HEADER_SIZE) + 1.5;
        line(text, rtl, edgeOf(index).left + CELL_PADDING, edgeOf(index).right - CELL_PADDING, baseline, bold, HEADER_SIZE);
      });
    });
    y -= headerHeight;
    current.page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.8, color: GRID });
  };

  const textLayout = (text: string, index: number, url?: string): CellLayout => {
    const lines = wrapText(text, cellWidth(index), regularWidth);
    return { lines, rtl: isRtlText(text), height: Math.max(1, lines.length) * lineHeight(TEXT_SIZE), url };
  };
  const layout = (cell: ExportCell, index: number): CellLayout => {
    if (typeof cell === 'string' || cell.kind !== 'link') return textLayout(cellText(cell), index);
    const picture = cell.media === 'photo' ? pictures.get(cell.url) : undefined;
    if (!picture) return textLayout(cell.text, index, linkOf(cell));
    const lines = cell.caption ? wrapText(cell.caption, cellWidth(index), regularWidth) : [];
    const scale = Math.min(cellWidth(index) / picture.width, THUMBNAIL_HEIGHT / picture.height);
    const image = { image: picture, width: picture.width * scale, height: picture.height * scale };
    const above = lines.length > 0 ? lines.length * lineHeight(TEXT_SIZE) + THUMBNAIL_GAP : 0;
    return { lines, rtl: isRtlText(cell.caption), height: above + image.height, url: linkOf(cell), image };
  };

  const bottom = MARGIN + 14;
  const drawRow = (row: ExportCell[]) => {
    const cells = row.map(layout);
    const height = Math.max(...cells.map((cell) => cell.height)) + 2 * CELL_PADDING;
    if (y - height < bottom) newPage();
    cells.forEach((cell, index) => {
      const left = edgeOf(index).left + CELL_PADDING;
      const right = edgeOf(index).right - CELL_PADDING;
      const top = y - CELL_PADDING;
      const color = cell.url && !cell.image ? LINK : TEXT;
      const drawn = cell.lines.map((text, lineIndex) => {
        const baseline = top - TEXT_SIZE - lineIndex * lineHeight(TEXT_SIZE) + 1.5;
        return line(text, cell.rtl, left, right, baseline, regular, TEXT_SIZE, color);
      });
      if (cell.image) {
        const { image, width, height: imageHeight } = cell.image;
        const x = rtl ? right - width : left;
        const imageTop = top - (cell.height - imageHeight);
        current.page.drawImage(image, { x, y: imageTop - imageHeight, width, height: imageHeight });
        if (cell.url) link(x, imageTop - imageHeight, x + width, imageTop, cell.url);
      } else if (cell.url) {
        const spans = drawn.filter((span) => span !== null);
        if (spans.length > 0) {
          const x1 = Math.min(...spans.map((span) => span.x));
          const x2 = Math.max(...spans.map((span) => span.x + span.width));
          link(x1, top - cell.lines.length * lineHeight(TEXT_SIZE), x2, top, cell.url);
        }
      }
    });
    y -= height;
    current.page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.4, color: GRID });
  };

  // The table, then each further section from a page of its own.
  const parts = [table, ...(table.sections ?? [])];
  const total = parts.reduce((sum, part) => sum + part.rows.length, 0);
  let done = 0;
  for (const part of parts) {
    takeColumns(part.columns);
    newPage(part);
    for (const row of part.rows) {
      drawRow(row);
      done += 1;
      if (onProgress && (done % 100 === 0 || done === total)) onProgress(done, total);
    }
  }

  pages.forEach((each, index) => {
    current = each;
    const label = `${index + 1} / ${pages.length}`;
    const runs = visualRuns(label, 'ltr');
    const x = (PAGE.width - regular.widthOfRuns(runs, 8)) / 2;
    current.ops.push(regular.showRuns(runs, x, MARGIN / 2, 8, 'FR', MUTED));
  });

  return savePages(doc, pages, regular, bold);
}
