// An inspection from answer to report, in English and in Arabic: a scored task with a section, a
// photo the rule asks for when the answer is No, a temperature with a range and a signature. One
// member answers on a phone online, another on a phone offline (the answers wait on the device
// and arrive once the network is back). The manager opens each report (score, passed or failed),
// downloads its PDF and reads it back with poppler (its words, its pictures, and its direction:
// an Arabic report's lines sit at the right), shares it by a link that works signed out, and
// revokes the link, which then stops working.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SITE, deviceStore, openPhone } from './phone.ts';
import {
  DEMO,
  WORKFLOW,
  addActiveMember,
  apiToken,
  call,
  expectAccessible,
  expectDirection,
  moveToDaytimeZone,
  planToday,
  png,
  shot,
  signIn,
  t,
  unique,
  useLanguage,
  type Lang,
} from './support.ts';

test.use({ actionTimeout: 30_000 });

const PHOTO = png(1600, 1200, (x, y) => [(x * 3) % 256, (y * 2) % 256, 140]);

interface Words {
  task: string;
  floor: string;
  fridge: string;
  signature: string;
  section: string;
  signer: string;
}

/** Through the API: a site, two members, the scored task and a schedule of it today for each. */
async function prepareInspection(request: APIRequestContext, lang: Lang, words: Words) {
  const token = await apiToken(request, DEMO.username, DEMO.password);
  const today = await moveToDaytimeZone(request, token);
  const suffix = unique().replace(/[0-9]/g, 'x');
  const projects = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/projects/all/business?page=0&size=1');
  const site = await call<{ id: number }>(request, token, 'POST', '/api/v1/teams', {
    name: `Store ${suffix}`,
    projectId: projects[0].id,
    ...SITE,
    radius: 150,
  });
  const people = [];
  for (const who of ['online', 'offline']) {
    const person = { name: `${lang === 'en' ? 'Inspector' : 'مفتش'} ${who} ${suffix}`, email: `${who}.${suffix}@example.com`, password: 'field-pass-1' };
    people.push({ ...person, ...(await addActiveMember(request, token, site.id, person)) });
  }
  const named = (name: string) => ({ nameEn: lang === 'en' ? name : null, nameAr: lang === 'ar' ? name : null });
  const task = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/tasks`, { ...named(`${words.task} ${suffix}`), geoRestrictionEnabled: true });
  const rule = (score: number, extra: Record<string, boolean> = {}) => ({ score, na: false, photoRequired: false, noteRequired: false, flag: false, ...extra });
  const floor = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/actions`, {
    taskId: task.id,
    ...named(words.floor),
    type: 'YES_NO',
    required: true,
    rules: { YES: rule(1), NO: rule(0, { photoRequired: true, flag: true }) },
  });
  const fridge = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/actions`, {
    taskId: task.id,
    ...named(words.fridge),
    type: 'NUMBER',
    required: true,
    settings: { min: 2, max: 8, unit: '°C', step: null, allowNa: false, scored: true },
  });
  const signature = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/actions`, {
    taskId: task.id,
    ...named(words.signature),
    type: 'SIGNATURE',
    required: true,
  });
  const section = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/sections`, { taskId: task.id, ...named(words.section) });
  await call(request, token, 'PUT', `${WORKFLOW}/v1/tasks/${task.id}/layout`, {
    groups: [
      { sectionId: null, actionIds: [floor.id] },
      { sectionId: section.id, actionIds: [fridge.id, signature.id] },
    ],
  });
  await call(request, token, 'PUT', `${WORKFLOW}/v2/tasks/${task.id}/settings`, { passMark: 70 });
  const schedules = [];
  for (const person of people) schedules.push((await planToday(request, token, { taskId: task.id, siteId: site.id, userId: person.userId, today }))[0].id);
  return { token, taskName: `${words.task} ${suffix}`, people, schedules };
}

/** Answers the open schedule on the phone: the floor, the temperature, a typed signature; then sends. */
async function answer(page: Page, lang: Lang, words: Words, floor: 'yes' | 'no', temperature: string) {
  const floorStep = page.getByRole('region', { name: words.floor });
  await floorStep.getByRole('button', { name: t(lang, `taskRunner.${floor}`), exact: true }).click();
  if (floor === 'no') {
    await expect(floorStep.getByText(t(lang, 'taskRunner.evidence.photo'))).toBeVisible();
    await floorStep.locator('input[type="file"]').setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: PHOTO });
  }
  await page.getByRole('region', { name: words.fridge }).getByRole('textbox', { name: words.fridge, exact: true }).fill(temperature);
  const signatureStep = page.getByRole('region', { name: words.signature });
  await signatureStep.getByRole('textbox', { name: t(lang, 'taskRunner.signature.typedLabel') }).fill(words.signer);
  await signatureStep.getByRole('button', { name: t(lang, 'taskRunner.signature.useTyped') }).click();
  await expect(signatureStep.getByText(t(lang, 'taskRunner.signature.saved'))).toBeVisible();
  await page.getByRole('button', { name: t(lang, 'tracker.submit.submit') }).click();
}

const pdftotext = (file: string) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
/** Lines of the layout text that hold `words`, and how far from the left each starts. */
const indentOf = (text: string, words: string) =>
  text
    .split('\n')
    .find((line) => line.includes(words))
    ?.search(/\S/) ?? -1;

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`an inspection answered online and offline, its report, PDF and shared link, in ${lang}`, async ({ browser, request }) => {
    test.setTimeout(360_000);
    const words: Words =
      lang === 'en'
        ? {
            task: 'Store audit',
            floor: 'Is the floor clean?',
            fridge: 'Fridge temperature',
            signature: 'Manager signature',
            section: 'Back room',
            signer: 'Sara Ali',
          }
        : {
            task: 'تدقيق المتجر',
            floor: 'هل الأرضية نظيفة؟',
            fridge: 'حرارة الثلاجة',
            signature: 'توقيع المدير',
            section: 'الغرفة الخلفية',
            signer: 'سارة علي',
          };
    const setup = await prepareInspection(request, lang, words);
    const [online, offline] = setup.people;
    const [onlineSchedule, offlineSchedule] = setup.schedules;
    const dir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `fieldops-${name}-`));
    const signInOnPhone = async (page: Page, person: (typeof setup.people)[number]) => {
      await useLanguage(page, lang);
      await page.goto('/login');
      await page.getByLabel(t(lang, 'login.username')).fill(person.username);
      await page.getByLabel(t(lang, 'login.password'), { exact: true }).fill(person.password);
      await page.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    };

    // 1. Online: No on the floor with the photo its rule asks for, 9.5 °C (out of range), signed.
    const onlinePhone = await openPhone(dir('online'));
    const onlinePage = onlinePhone.pages()[0] ?? (await onlinePhone.newPage());
    await signInOnPhone(onlinePage, online);
    await onlinePage.goto(`/tracker/${onlineSchedule}`);
    await expect(onlinePage.getByRole('heading', { name: setup.taskName })).toBeVisible();
    await answer(onlinePage, lang, words, 'no', '9.5');
    await expect
      .poll(async () => (await call<{ status: string }>(request, setup.token, 'GET', `${WORKFLOW}/schedules/${onlineSchedule}`)).status, { timeout: 30_000 })
      .toBe('done');
    await onlinePhone.close();

    // 2. Offline: the tracker copied once online, then answered without a network: Yes, 4 °C, signed.
    const offlinePhone = await openPhone(dir('offline'));
    const offlinePage = offlinePhone.pages()[0] ?? (await offlinePhone.newPage());
    await signInOnPhone(offlinePage, offline);
    await offlinePage.goto('/tracker');
    await expect
      .poll(() => offlinePage.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 30_000 })
      .toBe('activated');
    await expect.poll(async () => (await deviceStore(offlinePage)).schedules, { timeout: 30_000 }).toContain(offlineSchedule);
    await offlinePhone.setOffline(true);
    await offlinePage.goto(`/tracker/${offlineSchedule}`);
    await expect(offlinePage.getByText(t(lang, 'tracker.offline.title'))).toBeVisible();
    await answer(offlinePage, lang, words, 'yes', '4');
    await expect(offlinePage.getByRole('region', { name: words.signature }).getByText(t(lang, 'taskRunner.submit.queued'))).toBeVisible();
    await offlinePhone.setOffline(false);
    await expect
      .poll(async () => (await call<{ status: string }>(request, setup.token, 'GET', `${WORKFLOW}/schedules/${offlineSchedule}`)).status, { timeout: 60_000 })
      .toBe('done');
    await offlinePhone.close();

    // 3. The manager reads both reports: failed (0 of 2) online, passed (2 of 2) offline.
    const context = await browser.newContext();
    const page = await context.newPage();
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto(`/schedules/${offlineSchedule}/report`);
    await expect(page.getByRole('heading', { name: setup.taskName, level: 1 })).toBeVisible();
    await expect(page.getByText(t(lang, 'inspections.result.passed'), { exact: true })).toBeVisible();
    await page.goto(`/schedules/${onlineSchedule}/report`);
    await expect(page.getByText(t(lang, 'inspections.result.failed'), { exact: true })).toBeVisible();
    await expect(page.getByText('0%').first()).toBeVisible();
    await expect(page.getByText(t(lang, 'inspections.item.outOfRange')).first()).toBeVisible();
    await expect(page.getByRole('img', { name: t(lang, 'inspections.item.photoOf', { name: words.floor }) })).toBeVisible();
    await expect(page.getByRole('img', { name: t(lang, 'inspections.item.signatureOf', { name: words.signature }) })).toBeVisible();
    await expectDirection(page, lang);
    await shot(page, `inspection-report-${lang}-01-page`);
    await expectAccessible(page, `inspection report (${lang})`);

    // 4. Its PDF, read back: the words, the two pictures, and the direction of the lines.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: t(lang, 'inspections.actions.pdf') }).click();
    const download = await downloading;
    const pdfFile = path.join(dir('pdf'), 'report.pdf');
    await download.saveAs(pdfFile);
    const text = pdftotext(pdfFile);
    const expected =
      lang === 'en'
        ? ['Inspection report', 'Failed', 'Failed items', 'Out of range', '9.5 °C', 'Flagged']
        : ['تقرير التفتيش', 'راسب', 'البنود الراسبة', 'خارج النطاق', 'عليها علامة'];
    // Arabic marks (shadda, fatha…) may come out of a PDF in another order, and pdftotext wraps
    // runs of the other direction in embedding marks: compared without either.
    const bare = (value: string) => value.replace(/[\u064B-\u0652\u200E\u200F\u202A-\u202E]/g, '');
    for (const phrase of [...expected, setup.taskName, words.floor, words.fridge, words.section, words.signature])
      expect(bare(text), phrase).toContain(bare(phrase));
    const title = lang === 'en' ? 'Inspection report' : 'تقرير التفتيش';
    // English starts at the left margin; Arabic ends at the right one, far from the left.
    if (lang === 'en') expect(indentOf(text, title)).toBeLessThan(10);
    else expect(indentOf(text, title)).toBeGreaterThan(30);
    const images = execFileSync('pdfimages', ['-list', pdfFile], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(images.length).toBeGreaterThanOrEqual(2);
    execFileSync('pdftoppm', ['-r', '40', '-png', '-f', '1', '-l', '1', pdfFile, path.join(path.dirname(pdfFile), 'page')]);
    const pageImage = fs.readdirSync(path.dirname(pdfFile)).find((name) => name.startsWith('page') && name.endsWith('.png'));
    expect(pageImage).toBeTruthy();
    fs.copyFileSync(path.join(path.dirname(pdfFile), pageImage!), test.info().outputPath(`inspection-report-${lang}-pdf-page-1.png`));

    // 5. A shared link: made in the dialog, opened signed out, then revoked.
    await page.getByRole('button', { name: t(lang, 'inspections.actions.share') }).click();
    const dialog = page.getByRole('dialog', { name: t(lang, 'inspections.share.title') });
    await dialog.getByRole('button', { name: t(lang, 'inspections.share.create') }).click();
    const link = dialog.getByRole('textbox', { name: t(lang, 'inspections.share.newLink') });
    await expect(link).toHaveValue(/\/shared\/inspections\/[A-Za-z0-9_-]{43}$/);
    const url = new URL(await link.inputValue());
    await shot(page, `inspection-report-${lang}-02-share`);

    const stranger = await browser.newContext();
    const signedOut = await stranger.newPage();
    await useLanguage(signedOut, lang);
    await signedOut.goto(url.pathname);
    await expect(signedOut.getByRole('heading', { name: setup.taskName, level: 1 })).toBeVisible();
    await expect(signedOut.getByText(t(lang, 'inspections.result.failed'), { exact: true })).toBeVisible();
    await expect(signedOut.getByRole('img', { name: t(lang, 'inspections.item.photoOf', { name: words.floor }) })).toBeVisible();
    await expect(signedOut.getByRole('navigation')).toHaveCount(0);
    await expectDirection(signedOut, lang);
    await shot(signedOut, `inspection-report-${lang}-03-shared`);
    await expectAccessible(signedOut, `shared inspection report (${lang})`);

    await dialog
      .getByRole('button', { name: new RegExp(t(lang, 'inspections.share.revoke')) })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: t(lang, 'inspections.share.revokeTitle') })
      .getByRole('button', { name: t(lang, 'inspections.share.revoke') })
      .click();
    await expect(dialog.getByText(t(lang, 'inspections.share.state.revoked'), { exact: true })).toBeVisible();
    await signedOut.reload();
    await expect(signedOut.getByText(t(lang, 'inspections.shared.broken'))).toBeVisible();
    await stranger.close();
    await context.close();
  });
}
