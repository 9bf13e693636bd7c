// The schedules journey, in English and in Arabic, each with its own site, member and task: the
// owner plans the task daily for the member on the task's Plans tab; the member, on a phone at
// the site, answers today's schedule with a photo and an important answer and sees it done; the
// owner sees it done, fires a ticket from the flagged answer and finds it in the helpdesk; then
// the member answers a second schedule a kilometre away and is told it does not count.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { solidPng } from '../apps/server/src/seed/solid-png.ts';
import {
  DEMO,
  WORKFLOW,
  addActiveMember,
  apiToken,
  call,
  expectAccessible,
  moveToDaytimeZone,
  expectDirection,
  planToday,
  shot,
  signIn,
  t,
  unique,
  useLanguage,
  type Lang,
} from './support.ts';

const SITE = { latitude: 24.7004, longitude: 46.7004 };
/** About 30 m from the site's centre, and about a kilometre north of it. */
const INSIDE = { latitude: SITE.latitude + 0.0003, longitude: SITE.longitude, accuracy: 12 };
const OUTSIDE = { latitude: SITE.latitude + 0.009, longitude: SITE.longitude, accuracy: 12 };
const PHONE = { width: 375, height: 812 };

/**
 * A fixed-offset zone where it is about 14:00 now, so a plan from 06:00 to midnight is open
 * whatever the time CI runs (Etc/GMT-N is N hours ahead of UTC).
 */

interface Setup {
  token: string;
  /** Today in the business's zone. */
  today: string;
  siteId: number;
  siteName: string;
  taskId: number;
  taskName: string;
  yesNo: string;
  photo: string;
  member: { id: number; username: string; name: string; email: string; password: string };
}

/** Through the API: the business's zone, a site with coordinates, an active member, a task with a yes/no and a photo action. */
async function prepare(request: APIRequestContext, lang: Lang): Promise<Setup> {
  const token = await apiToken(request, DEMO.username, DEMO.password);
  const today = await moveToDaytimeZone(request, token);

  const suffix = unique().replace(/[0-9]/g, 'x');
  const projects = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/projects/all/business?page=0&size=1');
  const siteName = `Journey Site ${suffix}`;
  const site = await call<{ id: number }>(request, token, 'POST', '/api/v1/teams', { name: siteName, projectId: projects[0].id, ...SITE, radius: 150 });
  const member = { name: lang === 'en' ? `Field Member ${suffix}` : `عضو ميداني ${suffix}`, email: `field.${suffix}@example.com`, password: 'field-pass-1' };
  const placed = await addActiveMember(request, token, site.id, member);

  const taskName = lang === 'en' ? `Entrance check ${suffix}` : `فحص المدخل ${suffix}`;
  const yesNo = lang === 'en' ? 'Is the entrance clean?' : 'هل المدخل نظيف؟';
  const photo = lang === 'en' ? 'Photo of the entrance' : 'صورة المدخل';
  const task = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/tasks`, {
    nameEn: lang === 'en' ? taskName : null,
    nameAr: lang === 'ar' ? taskName : null,
    geoRestrictionEnabled: true,
  });
  for (const [name, type] of [
    [yesNo, 'YES_NO'],
    [photo, 'PHOTO'],
  ] as const) {
    await call(request, token, 'POST', `${WORKFLOW}/v1/actions`, {
      taskId: task.id,
      nameEn: lang === 'en' ? name : null,
      nameAr: lang === 'ar' ? name : null,
      type,
      required: true,
    });
  }
  return {
    token,
    today,
    siteId: site.id,
    siteName,
    taskId: task.id,
    taskName,
    yesNo,
    photo,
    member: { id: placed.userId, username: placed.username, ...member },
  };
}

interface ScheduleRow {
  id: number;
  start: string;
  deadline: string;
  status: string;
  planId: number;
}

async function memberSchedules(request: APIRequestContext, setup: Setup) {
  return call<ScheduleRow[]>(request, setup.token, 'GET', `${WORKFLOW}/schedules?task=${setup.taskId}&users=${setup.member.id}&sort=start`);
}

/** The member's phone, at `where`, signed in, in `lang`. */
async function memberPhone(browser: Browser, lang: Lang, setup: Setup, where: { latitude: number; longitude: number; accuracy: number }) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    geolocation: where,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await useLanguage(page, lang);
  await page.goto('/login');
  await page.getByLabel(t(lang, 'login.username')).fill(setup.member.username);
  await page.getByLabel(t(lang, 'login.password'), { exact: true }).fill(setup.member.password);
  await page.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expectDirection(page, lang);
  return { context, page };
}

/** Answers "Yes" and a photo, the yes/no marked important when asked, and submits. */
async function answer(page: Page, lang: Lang, setup: Setup, important: boolean) {
  const question = page.getByRole('region', { name: setup.yesNo });
  await question.getByRole('button', { name: t(lang, 'taskRunner.yes'), exact: true }).click();
  if (important) await question.getByRole('switch', { name: t(lang, 'taskRunner.important') }).check();
  const photoStep = page.getByRole('region', { name: setup.photo });
  await photoStep.locator('input[type="file"]').setInputFiles({ name: 'entrance.png', mimeType: 'image/png', buffer: solidPng(96, 64, '#2f9e44') });
  await expect(photoStep.getByRole('img', { name: t(lang, 'taskRunner.photo.thumbnail') })).toBeVisible();
}

/** A phone screenshot from the top of the page (a full-page shot of a scrolled page repeats its sticky bars). */
async function phoneShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page fits a phone screen').toBeLessThanOrEqual(1);
}

// The owner works on a laptop; the member's phone gets its own context.
test.use({ viewport: { width: 1440, height: 900 }, actionTimeout: 30_000 });

// First, before any journey changes the business's time zone: the demo month as the owner finds it.
test('the demo business has a month of schedules and answers', async ({ page, request }) => {
  const lang = 'en';
  const token = await apiToken(request, DEMO.username, DEMO.password);
  const [restroom] = await call<{ id: number }[]>(request, token, 'GET', `${WORKFLOW}/v1/tasks?searchKey=Restroom`);
  await useLanguage(page, lang);
  await signIn(page, lang, DEMO.username, DEMO.password);

  // The owner's own restroom round of today: started from 06:00 in Riyadh, else the next to come.
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Riyadh', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  await page.goto(hour >= 6 ? '/tracker' : '/tracker?tab=next');
  await expect(page.getByRole('link', { name: 'Restroom hygiene check' }).first()).toBeVisible();
  await shot(page, 'schedules-demo-01-my-tasks');

  await page.goto('/tracker?scope=all&period=last30');
  const count = (tab: string) => page.getByRole('tab', { name: new RegExp(`^${t(lang, `tracker.tabs.${tab}`)}`) });
  for (const tab of ['done', 'missed']) await expect(count(tab)).not.toContainText(/\b0\b/);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await shot(page, 'schedules-demo-02-all-tasks-last-30-days');

  await page.goto(`/tasks/${restroom.id}?tab=answers`);
  await expect(
    page
      .getByRole('list', { name: t(lang, 'tasks.answers.flaggedTitle') })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await shot(page, 'schedules-demo-03-answers');
  await page.goto(`/tasks/${restroom.id}?tab=plans`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await shot(page, 'schedules-demo-04-plans');
});

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`schedules journey in ${lang}`, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const setup = await prepare(request, lang);
    const name = (key: string, values?: Record<string, string>) => ({ name: t(lang, key, values) });

    // 1. The owner plans the task daily for the member, 06:00 to midnight, deadline a day later.
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expectDirection(page, lang);
    await page.goto(`/tasks/${setup.taskId}?tab=plans`);
    await expect(page.getByText(t(lang, 'tasks.plans.emptyTitle'))).toBeVisible();
    await shot(page, `schedules-${lang}-01-no-plans`);
    await page.getByRole('button', name('tasks.plans.new')).first().click();
    const dialog = page.getByRole('dialog', name('tasks.plans.form.newTitle'));
    await dialog.getByRole('combobox', name('tasks.plans.form.site')).click();
    await page.getByRole('option', { name: setup.siteName, exact: true }).click();
    await dialog.getByRole('combobox', name('tasks.plans.form.members')).click();
    await page.getByRole('option', { name: setup.member.name, exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('radio', name('tasks.plans.type.DAILY'))).toBeChecked();
    await dialog.getByRole('button', name('tasks.plans.form.endDate')).click();
    const calendar = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('[data-direction="next"]') });
    await calendar.locator('[data-direction="next"]').first().click();
    await calendar.locator('table button:not([data-outside]):not([data-disabled])', { hasText: /^15$/ }).first().click();
    await dialog.getByRole('combobox', name('tasks.plans.form.startTime')).click();
    await page.locator('[role="option"][value="06:00"]').click();
    await dialog.getByRole('combobox', name('tasks.plans.form.endTime')).click();
    await page.locator('[role="option"][value="24:00"]').click();
    await dialog.getByRole('textbox', name('tasks.plans.form.deadlineAfter')).fill('1');
    await dialog.getByRole('combobox', name('tasks.plans.form.deadlineUnit')).click();
    await page.getByRole('option', name('tasks.plans.unit.DAYS')).click();
    await shot(page, `schedules-${lang}-02-plan-form`);
    await dialog.getByRole('button', name('tasks.plans.form.create')).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(t(lang, 'messages.planCreated')).first()).toBeVisible();
    const card = page.getByRole('article').filter({ hasText: setup.siteName }).first();
    await expect(card).toBeVisible();
    await shot(page, `schedules-${lang}-03-plan-created`);

    // Today's occurrence exists and is open now.
    const [todays] = await memberSchedules(request, setup);
    expect(todays, "today's schedule").toBeTruthy();
    expect(todays.status).toBe('pending');
    expect(Date.parse(todays.start)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(todays.deadline)).toBeGreaterThan(Date.now());

    // 2–3. The member, at the site on a phone: My Tasks, today's schedule, answered and done.
    const inside = await memberPhone(browser, lang, setup, INSIDE);
    const phone = inside.page;
    await phone.goto('/tracker');
    await expect(phone.getByRole('radio', name('tracker.scope.all'))).toHaveCount(0);
    const row = phone.getByRole('link', { name: new RegExp(setup.taskName) }).first();
    await expect(row).toBeVisible();
    await expectNoHorizontalScroll(phone);
    await phoneShot(phone, `schedules-${lang}-04-my-tasks`);
    await row.click();
    await phone.waitForURL(new RegExp(`/tracker/${todays.id}$`));
    await expect(phone.getByRole('heading', { name: setup.taskName })).toBeVisible();
    await expect(phone.getByText(t(lang, 'tracker.geofence.insideTitle'))).toBeVisible();
    await answer(phone, lang, setup, true);
    await expectNoHorizontalScroll(phone);
    await expectAccessible(phone, `the runner while answering on a phone in ${lang}`);
    await phoneShot(phone, `schedules-${lang}-05-answering`);
    await phone.getByRole('button', name('tracker.submit.submit')).click();
    await expect(phone.getByText(t(lang, 'tracker.submit.allSaved'))).toBeVisible();
    await expect(phone.getByRole('region', { name: setup.yesNo }).getByText(t(lang, 'taskRunner.submit.saved'))).toBeVisible();
    await expect(
      phone.getByRole('heading', { name: setup.taskName }).locator('xpath=..').getByText(t(lang, 'tracker.status.done'), { exact: true }),
    ).toBeVisible();
    await phoneShot(phone, `schedules-${lang}-06-done`);
    await inside.context.close();
    expect((await memberSchedules(request, setup))[0].status).toBe('done');

    // 4. The owner sees it done, fires a ticket from the flagged answer and finds it in the helpdesk.
    await page.goto('/tracker?scope=all&tab=done');
    await expect(page.getByRole('link', { name: setup.taskName }).first()).toBeVisible();
    await shot(page, `schedules-${lang}-07-all-tasks-done`);
    await page.goto(`/tasks/${setup.taskId}?tab=answers`);
    const flagged = page.getByRole('list', name('tasks.answers.flaggedTitle'));
    const flaggedAnswer = flagged.getByRole('listitem', { name: `${setup.member.name} – ${setup.yesNo}` });
    await expect(flaggedAnswer).toBeVisible();
    await shot(page, `schedules-${lang}-08-answers-needing-attention`);
    await flaggedAnswer.getByRole('button', name('tasks.answers.fireTicketOf', { name: `${setup.member.name} – ${setup.yesNo}` })).click();
    await page.getByRole('dialog').getByRole('button', name('tasks.answers.fireConfirm')).click();
    await page.waitForURL(/\/tickets\/\d+$/);
    const ticketId = Number(/tickets\/(\d+)$/.exec(page.url())![1]);
    // The ticket's title names the task and the action (the task page's heading names only the task).
    await expect(page.getByRole('heading').filter({ hasText: setup.taskName }).filter({ hasText: setup.yesNo })).toBeVisible();
    await shot(page, `schedules-${lang}-09-ticket`);
    await page.goto('/tickets');
    await expect(page.locator(`[data-ticket-id="${ticketId}"]`)).toBeVisible();
    await shot(page, `schedules-${lang}-10-helpdesk`);

    // 5. A second plan starting at 06:15; the member answers it a kilometre away: kept, not counted.
    await planToday(request, setup.token, { taskId: setup.taskId, siteId: setup.siteId, userId: setup.member.id, today: setup.today, startTime: '06:15' });
    const second = (await memberSchedules(request, setup)).find((s) => s.id !== todays.id && s.status === 'pending');
    expect(second, 'the second schedule').toBeTruthy();

    const away = await memberPhone(browser, lang, setup, OUTSIDE);
    const farPhone = away.page;
    await farPhone.goto('/tracker?tab=pending');
    await farPhone
      .getByRole('link', { name: new RegExp(setup.taskName) })
      .first()
      .click();
    await farPhone.waitForURL(new RegExp(`/tracker/${second!.id}$`));
    await expect(farPhone.getByText(t(lang, 'tracker.geofence.outsideTitle'))).toBeVisible();
    await phoneShot(farPhone, `schedules-${lang}-11-outside-warning`);
    await answer(farPhone, lang, setup, false);
    await farPhone.getByRole('button', name('tracker.submit.submit')).click();
    await expect(farPhone.getByText(t(lang, 'tracker.geofence.afterTitle'))).toBeVisible();
    await expect(farPhone.getByText(t(lang, 'messages.answerOutside')).first()).toBeVisible();
    await expect(farPhone.getByRole('region', { name: setup.yesNo }).getByText(t(lang, 'taskRunner.submit.outside'))).toBeVisible();
    await expect(
      farPhone.getByRole('heading', { name: setup.taskName }).locator('xpath=..').getByText(t(lang, 'tracker.status.done'), { exact: true }),
    ).toHaveCount(0);
    await expectNoHorizontalScroll(farPhone);
    await phoneShot(farPhone, `schedules-${lang}-12-outside-not-counted`);
    await away.context.close();
    expect((await memberSchedules(request, setup)).find((s) => s.id === second!.id)!.status).not.toBe('done');
  });
}
