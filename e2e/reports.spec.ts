// The reports journey, in English and in Arabic, each with its own site, member and task: a
// member has answered; the owner filters the submissions down to that task, opens the answer,
// exports it as Excel, CSV, JSON, PDF (the answer's photo drawn as a thumbnail) and an image
// (each file read back here), prints, and then watches a second answer arrive in the live view
// without reloading the page.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import {
  DEMO,
  WORKFLOW,
  addActiveMember,
  apiToken,
  call,
  daytimeZone,
  expectDirection,
  planToday,
  png,
  shot,
  signIn,
  t,
  unique,
  useLanguage,
  type Lang,
} from './support.ts';

const SCREENS = path.join('test-results', 'screens');

interface Business {
  id: number;
  name: string;
  colour: string | null;
  industryId?: number | null;
  timeZone: string;
}

interface Setup {
  token: string;
  memberToken: string;
  scheduleId: number;
  taskId: number;
  taskName: string;
  yesNo: { id: number; name: string };
  text: { id: number; name: string };
  member: string;
  siteName: string;
  notes: string;
}

async function business(request: APIRequestContext, token: string): Promise<Business> {
  const account = await call<{ businessIdentities: { businessId: number }[] }>(request, token, 'GET', '/api/v1/account');
  const id = account.businessIdentities[0].businessId;
  return { id, ...(await call<Omit<Business, 'id'>>(request, token, 'GET', `/api/v1/businesses/${id}`)) };
}

async function setZone(request: APIRequestContext, token: string, found: Business, timeZone: string) {
  await call(request, token, 'PUT', `/api/v1/businesses/${found.id}`, {
    name: found.name,
    colour: found.colour,
    industryId: found.industryId ?? null,
    timeZone,
  });
}

/** Through the API: a site, an active member, a task with a yes/no and a text action, and today's schedule. */
async function prepare(request: APIRequestContext, lang: Lang, today: string): Promise<Setup> {
  const token = await apiToken(request, DEMO.username, DEMO.password);
  const suffix = unique().replace(/[0-9]/g, 'x');
  const [project] = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/projects/all/business?page=0&size=1');
  const siteName = lang === 'en' ? `Report Site ${suffix}` : `موقع التقرير ${suffix}`;
  const site = await call<{ id: number }>(request, token, 'POST', '/api/v1/teams', { name: siteName, projectId: project.id });
  const member = lang === 'en' ? `Report Member ${suffix}` : `عضو التقرير ${suffix}`;
  const email = `report.${suffix}@example.com`;
  const placed = await addActiveMember(request, token, site.id, { name: member, email, password: 'report-pass-1' });

  const taskName = lang === 'en' ? `Loading bay check ${suffix}` : `فحص رصيف التحميل ${suffix}`;
  const task = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/tasks`, {
    nameEn: lang === 'en' ? taskName : null,
    nameAr: lang === 'ar' ? taskName : null,
    geoRestrictionEnabled: false,
  });
  const actions: { id: number; name: string }[] = [];
  for (const [name, type] of [
    [lang === 'en' ? 'Is the bay clear?' : 'هل الرصيف خالٍ؟', 'YES_NO'],
    [lang === 'en' ? 'What did you see?' : 'ماذا رأيت؟', 'TEXT'],
  ] as const) {
    const created = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/actions`, {
      taskId: task.id,
      nameEn: lang === 'en' ? name : null,
      nameAr: lang === 'ar' ? name : null,
      type,
      required: false,
    });
    actions.push({ id: created.id, name });
  }
  const [schedule] = await planToday(request, token, { taskId: task.id, siteId: site.id, userId: placed.userId, today });
  const memberToken = await apiToken(request, placed.username, 'report-pass-1');
  const notes = lang === 'en' ? 'Pallets stacked, "clear" path' : 'المنصات مرصوصة، والممر "خالٍ"';
  return { token, memberToken, scheduleId: schedule.id, taskId: task.id, taskName, yesNo: actions[0], text: actions[1], member, siteName, notes };
}

/** A PNG of stripes: a photo as a phone would send one. */
const stripedPng = (width: number, height: number) => png(width, height, (_x, y) => (Math.floor(y / 20) % 2 ? [30, 90, 200] : [240, 170, 40]));

/** The pictures a PDF stores: size in pixels and how they are encoded. */
async function pdfPictures(bytes: Buffer) {
  const document = await PDFDocument.load(bytes);
  return document.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((image) => ({
      width: image.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber(),
      height: image.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber(),
      filter: String(image.dict.get(PDFName.of('Filter'))),
    }));
}

/** The member answers one action of the schedule through the API, with a photo if given. */
async function submit(request: APIRequestContext, setup: Setup, actionId: number, value: unknown, notes?: string, photo?: Buffer) {
  const res = await request.post(`${WORKFLOW}/v1/action-results`, {
    headers: { Authorization: `Bearer ${setup.memberToken}` },
    multipart: {
      scheduleId: String(setup.scheduleId),
      actionId: String(actionId),
      value: JSON.stringify(value),
      ...(notes ? { notes } : {}),
      ...(photo ? { file: { name: 'bay.png', mimeType: 'image/png', buffer: photo } } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function exportAs(page: Page, lang: Lang, item: string): Promise<Download> {
  await page.getByRole('button', { name: t(lang, 'reports.export.button') }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: t(lang, item) }).click()]);
  return download;
}

async function saved(download: Download, name: string): Promise<Buffer> {
  const file = path.join(SCREENS, name);
  await download.saveAs(file);
  return fs.readFileSync(file);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), disableFontFace: true }).promise;
  let text = '';
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
  }
  await document.destroy();
  return text;
}

test.use({ viewport: { width: 1440, height: 900 }, actionTimeout: 30_000, acceptDownloads: true });

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`reports journey in ${lang}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const owner = await apiToken(request, DEMO.username, DEMO.password);
    const found = await business(request, owner);
    const { zone, today } = daytimeZone();
    await setZone(request, owner, found, zone);
    try {
      const setup = await prepare(request, lang, today);
      const yes = t(lang, 'answerView.yes');
      await submit(request, setup, setup.yesNo.id, 'YES', setup.notes, stripedPng(480, 240));

      await useLanguage(page, lang);
      await signIn(page, lang, DEMO.username, DEMO.password);
      await page.goto('/reports');
      await expectDirection(page, lang);
      const table = page.getByRole('table', { name: t(lang, 'reports.tableLabel') });
      // The first page of a fresh server can be slow on a busy machine.
      await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
      await shot(page, `reports-${lang}-01-submissions`);

      // 1. Filter: the last week, then the task.
      await page.getByRole('button', { name: t(lang, 'reports.filters.presets') }).click();
      await page.getByRole('menuitem', { name: t(lang, 'reports.presets.lastWeek') }).click();
      await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
      await page.getByRole('combobox', { name: t(lang, 'reports.filters.task') }).fill(setup.taskName.slice(0, 12));
      await page.getByRole('option', { name: setup.taskName }).click();
      await expect(page).toHaveURL(new RegExp(`task=${setup.taskId}`));
      await expect(table.getByRole('row')).toHaveCount(2);
      const row = table.getByRole('row').nth(1);
      await expect(row).toContainText(setup.yesNo.name);
      await expect(row).toContainText(setup.member);
      await expect(row).toContainText(setup.siteName);
      await expect(row).toContainText(yes);
      await shot(page, `reports-${lang}-02-filtered`);

      // 2. One answer's details: notes and history.
      await row.getByRole('button', { name: t(lang, 'reports.openAnswer', { name: `${setup.member} – ${setup.yesNo.name}` }) }).click();
      const drawer = page.getByRole('dialog', { name: t(lang, 'answerView.detailTitle') });
      await expect(drawer.getByText(setup.notes).first()).toBeVisible();
      await expect(drawer.getByText(t(lang, 'answerView.historyTitle', { name: setup.member }))).toBeVisible();
      await shot(page, `reports-${lang}-03-answer`);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      const columns = ['time', 'task', 'action', 'member', 'site', 'project', 'answer', 'notes', 'flagged', 'outside', 'ticket', 'score'].map((key) =>
        t(lang, `reports.columns.${key}`),
      );

      // 3. Excel, read back with the same library.
      const xlsx = await saved(await exportAs(page, lang, 'reports.export.xlsx'), `reports-${lang}.xlsx`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx);
      const sheet = workbook.worksheets[0];
      expect(sheet.views[0].rightToLeft).toBe(lang === 'ar');
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(columns);
      expect(sheet.rowCount).toBe(2);
      const cells = (sheet.getRow(2).values as unknown[]).slice(1);
      expect(cells.slice(1, 6)).toEqual([setup.taskName, setup.yesNo.name, setup.member, setup.siteName, expect.any(String)]);
      // The answer's words link to its photo, by the export's own link, which keeps working after
      // the page's signed links have expired and opens the photo without signing in.
      expect(cells[6]).toEqual({ text: yes, hyperlink: expect.stringMatching(/\/api\/export-links\/[A-Za-z0-9_-]{43}\/[a-f0-9]{32}\.png$/) });
      const photo = await page.request.get((cells[6] as { hyperlink: string }).hyperlink);
      expect(photo.status()).toBe(200);
      expect(photo.headers()['content-type']).toBe('image/png');
      expect(cells[7]).toBe(setup.notes);
      // The time is a date the sheet can sort, not text.
      expect(cells[0]).toBeInstanceOf(Date);

      // 4. CSV: UTF-8 with a byte order mark, the notes quoted.
      const csv = await saved(await exportAs(page, lang, 'reports.export.csv'), `reports-${lang}.csv`);
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csvText = csv.toString('utf8').slice(1);
      expect(csvText.split('\r\n')[0]).toBe(columns.join(','));
      expect(csvText).toContain(`${setup.taskName},${setup.yesNo.name},${setup.member},${setup.siteName}`);
      expect(csvText).toContain(`"${setup.notes.replace(/"/g, '""')}"`);

      // 5. JSON: one record keyed by the translated columns.
      const json = JSON.parse((await saved(await exportAs(page, lang, 'reports.export.json'), `reports-${lang}.json`)).toString('utf8')) as Record<
        string,
        string
      >[];
      expect(json).toHaveLength(1);
      expect(json[0][columns[1]]).toBe(setup.taskName);
      expect(json[0][columns[7]]).toBe(setup.notes);

      // 6. PDF: real text, Arabic as written; the photo as a small thumbnail (shrunk and
      // re-encoded as a JPEG in the browser), the answer's words beside it.
      const pdf = await saved(await exportAs(page, lang, 'reports.export.pdf'), `reports-${lang}.pdf`);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(pdf);
      for (const words of [t(lang, 'reports.export.documentTitle'), setup.taskName, setup.yesNo.name, columns[3], yes]) {
        expect(text.replace(/\s+/g, ' ')).toContain(words);
      }
      // The member's name mixes Arabic and Latin words: a narrow cell may wrap it, and the text
      // then comes out a line at a time across the row. Each word is there.
      for (const word of setup.member.split(' ')) expect(text).toContain(word);
      expect(await pdfPictures(pdf)).toEqual([{ width: 240, height: 120, filter: '/DCTDecode' }]);

      // 7. The image of the view.
      const png = await saved(await exportAs(page, lang, 'reports.export.image'), `reports-${lang}-image.png`);
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(png.length).toBeGreaterThan(10_000);

      // 8. Print all answers: the print copy holds every answer, without navigation or controls.
      await page.evaluate(() => {
        window.print = () => undefined;
      });
      await page.getByRole('button', { name: t(lang, 'reports.export.button') }).click();
      await page.getByRole('menuitem', { name: t(lang, 'reports.export.print') }).click();
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.reports-print-only').getByRole('row')).toHaveCount(2);
      await expect(page.getByRole('navigation')).toBeHidden();
      await shot(page, `reports-${lang}-04-print`);
      await page.emulateMedia({ media: 'screen' });

      // 9. Live: a new answer appears at the top, highlighted, without a reload.
      await page.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });
      const liveSwitch = page.getByRole('switch', { name: t(lang, 'reports.live.switch') });
      await liveSwitch.click();
      await expect(liveSwitch).toBeChecked();
      await expect(page).toHaveURL(/live=1/);
      await expect(page.getByRole('status').filter({ hasText: t(lang, 'reports.live.state.live') })).toBeVisible();
      const said = lang === 'en' ? `A forklift parked in lane ${unique()}` : `رافعة شوكية متوقفة في الممر ${unique()}`;
      await submit(request, setup, setup.text.id, said);
      const arrived = table.getByRole('row').nth(1);
      await expect(arrived).toContainText(said);
      await expect(arrived).toHaveAttribute('data-fresh', 'true');
      await expect(arrived).toContainText(t(lang, 'reports.live.new'));
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await shot(page, `reports-${lang}-05-live`);
    } finally {
      await setZone(request, owner, found, found.timeZone);
    }
  });
}
