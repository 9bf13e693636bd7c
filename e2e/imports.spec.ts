// Importing members from a file, in English and in Arabic: the owner goes from the members page to
// Import members, downloads the template, uploads 200 members (UTF-8 in English; Windows-1256, as
// Excel saves Arabic CSV on many machines, in Arabic) with five bad rows, fixes two of them in
// place, imports, watches the progress reach its end, reads the result workbook, prints the new
// members' activation cards and finds them in the members list.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { PDFDocument } from 'pdf-lib';
import { IMPORT_COLUMNS } from '@fieldops/shared/imports';
import { DEMO, apiToken, call, expectAccessible, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

const MEMBERS = IMPORT_COLUMNS.MEMBERS;
const ROWS = 200;

interface Planned {
  /** The row's line in the file: the heading is row 1. */
  row: number;
  values: Record<string, string>;
}

/** The rows that are wrong, by their line in the file, and what is wrong with them. */
const BAD = { email: 10, missingName: 20, digitName: 30, unknownSite: 40, repeat: 50 } as const;

/** 200 members in the demo business's sites, some with Arabic names, five of them wrong. */
function plannedRows(lang: Lang, tag: string, siteNames: string[]): Planned[] {
  const rows: Planned[] = [];
  for (let i = 0; i < ROWS; i++) {
    const row = i + 2;
    const arabic = lang === 'ar' ? i % 2 === 0 : i % 5 === 0;
    const sites =
      i % 7 === 0 && siteNames.length > 1 ? `${siteNames[i % siteNames.length]}; ${siteNames[(i + 1) % siteNames.length]}` : siteNames[i % siteNames.length]!;
    rows.push({
      row,
      values: {
        name: arabic ? `عضو مستورد ${tag} ${row}` : `Imported ${tag} ${row}`,
        email: `imported-${tag}-${row}@example.com`,
        sites,
        role: i % 10 === 3 ? (lang === 'ar' ? 'مشرف' : 'Supervisor') : lang === 'ar' ? 'عضو' : 'Member',
        position: lang === 'ar' ? 'عامل نظافة' : 'Cleaner',
        externalId: `IMP-${tag}-${row}`,
      },
    });
  }
  const at = (row: number) => rows[row - 2]!.values;
  at(BAD.email).email = 'not-an-email';
  at(BAD.missingName).name = '';
  at(BAD.digitName).name = `7 Nabil ${tag}`;
  at(BAD.unknownSite).sites = `Nowhere ${tag}`;
  at(BAD.repeat).email = at(BAD.repeat - 1).email;
  return rows;
}

const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** The CSV file: headings of the language's template, CRLF lines, UTF-8 or Windows-1256. */
function csvOf(lang: Lang, rows: Planned[]): Buffer {
  const lines = [MEMBERS.map((column) => quoted(column[lang])).join(',')];
  for (const { values } of rows) lines.push(MEMBERS.map((column) => quoted(values[column.key] ?? '')).join(','));
  const text = `${lines.join('\r\n')}\r\n`;
  if (lang === 'en') return Buffer.from(text, 'utf8');
  const bytes = iconv.encode(text, 'win1256');
  // Every character has a place in the code page: nothing turned into '?'.
  expect(iconv.decode(bytes, 'win1256')).toBe(text);
  return bytes;
}

async function workbookOf(download: Download): Promise<ExcelJS.Worksheet> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'import-')), download.suggestedFilename());
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return book.worksheets[0]!;
}

const cellText = (sheet: ExcelJS.Worksheet, row: number, column: number) => String(sheet.getRow(row).getCell(column).text ?? '').trim();

/** The table row of the file's line `row`. */
const lineOf = (page: Page, row: number) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(row), exact: true }) });

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`the owner imports 200 members from a file, fixing problems in place, in ${lang}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const token = await apiToken(request, DEMO.username, DEMO.password);
    const sites = await call<{ id: number; name: string }[]>(request, token, 'GET', '/api/v1/teams?page=0&size=100');
    expect(sites.length).toBeGreaterThan(0);
    const tag = unique().replace(/[0-9]/g, 'x');
    const planned = plannedRows(
      lang,
      tag,
      sites.map((site) => site.name),
    );
    const fileName = lang === 'ar' ? `اعضاء-${tag}.csv` : `members-${tag}.csv`;
    const name = (key: string, values?: Record<string, string>) => ({ name: t(lang, key, values) });

    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expectDirection(page, lang);

    // From the members page to the import.
    await page.goto('/members');
    await page.getByRole('button', name('members.actions.invite')).click();
    await page.getByRole('menuitem', name('members.actions.importMembers')).click();
    await expect(page).toHaveURL(/\/imports\?kind=MEMBERS$/);
    await expect(page.getByRole('heading', name('imports.title'))).toBeVisible();
    await expect(page.getByRole('radio', name('imports.kind.MEMBERS'))).toBeChecked();

    // The template, headed in the page's language.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', name(lang === 'ar' ? 'imports.start.templateArabic' : 'imports.start.templateEnglish')).click(),
    ]);
    expect(template.suggestedFilename()).toBe(`members-template-${lang}.xlsx`);
    const headings = (await workbookOf(template)).getRow(1);
    expect(MEMBERS.map((_, index) => String(headings.getCell(index + 1).text).replace(/\s*\*$/, ''))).toEqual(MEMBERS.map((column) => column[lang]));
    await shot(page, `imports-${lang}-01-start`);

    // The file, through the picker.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', name('imports.start.choose')).click()]);
    await chooser.setFiles({ name: fileName, mimeType: 'text/csv', buffer: csvOf(lang, planned) });
    await expect(page).toHaveURL(/\/imports\/\d+/, { timeout: 30_000 });
    await expect(page.getByRole('heading', name('imports.preview.title', { file: fileName }))).toBeVisible();
    const counts = page.getByRole('group', name('imports.preview.counts'));
    await expect(counts.getByTestId('figure-ready')).toContainText('195');
    await expect(counts.getByTestId('figure-problems')).toContainText('5');
    await expect(page.getByRole('button', name('imports.preview.commit', { rows: '195' }))).toBeVisible();

    // The five problems, each beside its value, in the page's language.
    await page.getByRole('radio', name('imports.preview.filterProblems')).click();
    const table = page.getByRole('table', name('imports.table.label', { file: fileName }));
    await expect(table.getByRole('rowheader')).toHaveCount(5);
    await expect(table.getByRole('rowheader')).toHaveText(Object.values(BAD).map(String));
    const cell = (column: string, row: number) =>
      table.getByRole('textbox', name('imports.table.cellOf', { column: MEMBERS.find((c) => c.key === column)![lang], row: String(row) }));
    await expect(cell('email', BAD.email)).toHaveAccessibleDescription(t(lang, 'messages.emailInvalid'));
    await expect(cell('name', BAD.missingName)).toHaveAccessibleDescription(t(lang, 'messages.required'));
    await expect(cell('name', BAD.digitName)).toHaveAccessibleDescription(t(lang, 'messages.nameInvalid'));
    await expect(cell('sites', BAD.unknownSite)).toHaveAccessibleDescription(t(lang, 'messages.importUnknownSite'));
    await expect(lineOf(page, BAD.repeat)).toContainText(t(lang, 'messages.importDuplicateRow'));
    await expectAccessible(page, `the preview of an import in ${lang}`);
    await shot(page, `imports-${lang}-02-problems`);

    // Two fixed in place: each is checked again at once.
    const fixedName = lang === 'ar' ? `عضو مصحح ${tag}` : `Fixed Member ${tag}`;
    const fixedEmail = `fixed-${tag}@example.com`;
    await cell('email', BAD.email).fill(fixedEmail);
    await cell('email', BAD.email).press('Enter');
    await expect(lineOf(page, BAD.email).getByText(t(lang, 'imports.table.ready'))).toBeVisible();
    await cell('name', BAD.missingName).fill(fixedName);
    await cell('name', BAD.missingName).press('Enter');
    await expect(lineOf(page, BAD.missingName).getByText(t(lang, 'imports.table.ready'))).toBeVisible();
    await expect(counts.getByTestId('figure-ready')).toContainText('197');
    await expect(counts.getByTestId('figure-problems')).toContainText('3');
    await expect(page.getByText(t(lang, 'imports.preview.problemsSkipped'))).toBeVisible();
    await shot(page, `imports-${lang}-03-fixed`);

    // Imported: the progress runs to the end.
    await page.getByRole('button', name('imports.preview.commit', { rows: '197' })).click();
    await expect(page.getByRole('progressbar', name('imports.progress.label'))).toBeVisible();
    await shot(page, `imports-${lang}-04-progress`);
    await expect(page.getByRole('heading', name('imports.done.title', { file: fileName }))).toBeVisible({ timeout: 120_000 });
    const outcomes = page.getByRole('group', name('imports.done.outcomes'));
    await expect(outcomes.getByTestId('figure-created')).toContainText('197');
    await expect(outcomes.getByTestId('figure-skipped')).toContainText('3');
    await expect(outcomes.getByTestId('figure-failed')).toContainText('0');
    await expectAccessible(page, `the end of an import in ${lang}`);
    await shot(page, `imports-${lang}-05-done`);

    // The result: every row of the file with its outcome, in the page's language.
    const [result] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', name('imports.done.downloadResult')).click()]);
    expect(result.suggestedFilename()).toMatch(/\.xlsx$/);
    const sheet = await workbookOf(result);
    expect(sheet.actualRowCount).toBe(ROWS + 1);
    const outcomeColumn = MEMBERS.length + 2;
    const words = lang === 'ar' ? { created: 'تمت الإضافة', skipped: 'تم التخطي' } : { created: 'Created', skipped: 'Skipped' };
    expect(cellText(sheet, 1, outcomeColumn)).toBe(lang === 'ar' ? 'النتيجة' : 'Outcome');
    const byOutcome = new Map<string, number[]>();
    for (let line = 2; line <= ROWS + 1; line++) {
      const outcome = cellText(sheet, line, outcomeColumn);
      byOutcome.set(outcome, [...(byOutcome.get(outcome) ?? []), Number(cellText(sheet, line, 1))]);
    }
    expect(byOutcome.get(words.created)).toHaveLength(197);
    expect(byOutcome.get(words.skipped)).toEqual([BAD.digitName, BAD.unknownSite, BAD.repeat]);

    // The activation cards of the members this import created, none of whom has activated yet.
    const [cards] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', name('imports.done.printCards')).click()]);
    expect(cards.suggestedFilename()).toBe('activation-cards.pdf');
    // Eight cards a page: the 197 members of this import alone.
    const pdf = await PDFDocument.load(fs.readFileSync(await cards.path()));
    expect(pdf.getPageCount()).toBe(Math.ceil(197 / 8));
    await expect(page.getByText(t(lang, 'imports.done.cardsPrinted')).first()).toBeVisible();

    // The new members are in the members list, the fixed ones as fixed.
    for (const row of [2, 3, BAD.email, BAD.missingName, ROWS + 1]) {
      const values = planned[row - 2]!.values;
      const email = row === BAD.email ? fixedEmail : values.email!;
      const memberName = row === BAD.missingName ? fixedName : values.name!;
      await page.goto(`/members?q=${encodeURIComponent(email)}`);
      await expect(page.getByRole('link', { name: memberName, exact: true })).toBeVisible();
    }
    await shot(page, `imports-${lang}-06-members`);
  });
}
