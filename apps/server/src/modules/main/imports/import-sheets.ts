// The workbooks of an import: the template to fill in, with the English or the Arabic headings and
// one example row, and the result, every row of the file with its outcome, in the reader's
// language. Both are written with exceljs; the Arabic ones read right to left.
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, type ImportKind, type ImportOutcome, type ImportRow } from '@fieldops/shared/imports';
import { MSG } from '@fieldops/shared/messages';
import type { Language } from '@fieldops/shared/limits';

const EXAMPLES: Record<ImportKind, Record<'en' | 'ar', Record<string, string>>> = {
  MEMBERS: {
    en: { name: 'Sara Ali', email: 'sara.ali@example.com', sites: 'Head Office; Riyadh Mall', role: 'Member', position: 'Cleaner', externalId: 'EMP-001' },
    ar: { name: 'سارة علي', email: '', sites: 'المكتب الرئيسي', role: 'عضو', position: 'عاملة نظافة', externalId: 'EMP-001' },
  },
  SITES: {
    en: { name: 'Riyadh Mall', project: 'Retail', latitude: '24.7136', longitude: '46.6753', radius: '200', type: '', externalId: 'SITE-001' },
    ar: { name: 'مجمع الرياض', project: 'التجزئة', latitude: '24.7136', longitude: '46.6753', radius: '200', type: '', externalId: 'SITE-001' },
  },
};

function sheetOf(book: ExcelJS.Workbook, name: string, language: Language, headings: string[]) {
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, rightToLeft: language === 'ar' }] });
  sheet.columns = headings.map((header) => ({ header, width: Math.max(14, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

const bufferOf = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer());

/**
 * The template of `kind`, its headings in `language`: the first sheet (the one an upload reads) is
 * empty below its headings, so a template sent back unchanged imports nothing; a second sheet
 * shows an example row.
 */
export async function templateWorkbook(kind: ImportKind, language: Language): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const columns = IMPORT_COLUMNS[kind];
  const headings = columns.map((c) => (c.required ? `${c[language]} *` : c[language]));
  sheetOf(book, kind === 'MEMBERS' ? (language === 'ar' ? 'الأعضاء' : 'Members') : language === 'ar' ? 'المواقع' : 'Sites', language, headings);
  const example = sheetOf(book, language === 'ar' ? 'مثال' : 'Example', language, headings);
  example.addRow(columns.map((c) => EXAMPLES[kind][language][c.key] ?? ''));
  return bufferOf(book);
}

const OUTCOME_WORDS: Record<Language, Record<ImportOutcome, string>> = {
  en: { CREATED: 'Created', UPDATED: 'Updated', SKIPPED: 'Skipped', FAILED: 'Failed' },
  ar: { CREATED: 'تمت الإضافة', UPDATED: 'تم التحديث', SKIPPED: 'تم التخطي', FAILED: 'فشل' },
};

/** Why a row was skipped, in Arabic; a row that failed on its own keeps the server's message. */
const REASONS_AR: Record<string, string> = {
  [MSG.importRowProblem]: 'تم التخطي: لا يزال الصف يحتوي على مشكلات',
  [MSG.importRowSkipped]: 'تم التخطي باختيارك',
  [MSG.importExistingSkipped]: 'تم التخطي: موجود في المنشأة',
  [MSG.importDuplicateRow]: 'هذا الصف يكرر صفًا آخر في الملف',
};
const reasonIn = (language: Language, message: string) => (language === 'ar' ? (REASONS_AR[message] ?? message) : message);

/**
 * The result of an import: the file's row number, its values, its outcome and why, a page of rows
 * at a time from `pages` (so a large import is never read whole).
 */
export async function resultWorkbook(kind: ImportKind, language: Language, pages: AsyncIterable<ImportRow[]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const columns = IMPORT_COLUMNS[kind];
  const words =
    language === 'ar'
      ? { row: 'الصف', outcome: 'النتيجة', reason: 'السبب', sheet: 'النتيجة' }
      : { row: 'Row', outcome: 'Outcome', reason: 'Reason', sheet: 'Result' };
  const sheet = sheetOf(book, words.sheet, language, [words.row, ...columns.map((c) => c[language]), words.outcome, words.reason]);
  for await (const rows of pages) {
    for (const r of rows) {
      sheet.addRow([
        r.row,
        ...columns.map((c) => r.values[c.key] ?? ''),
        r.outcome ? OUTCOME_WORDS[language][r.outcome] : '',
        r.outcomeMessage ? reasonIn(language, r.outcomeMessage) : '',
      ]);
    }
  }
  return bufferOf(book);
}
