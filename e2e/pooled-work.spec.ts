// Pooled work and cover, in English and in Arabic: the owner plans a task for a pool (the whole
// site) on its Plans tab; two members of the site, each on a phone, see it under "Open for your
// site"; one takes it and it goes from the other's list (fetched again every 30 seconds, with no
// reload); the taker asks for cover with a reason and the other accepts it, and the schedule is
// theirs. The form, the open work and the requests pass axe.
import { expect, test, type APIRequestContext, type Browser, type Locator } from '@playwright/test';
import { PHONE } from './phone.ts';
import {
  DEMO,
  WORKFLOW,
  addActiveMember,
  apiToken,
  call,
  expectAccessible,
  expectDirection,
  moveToDaytimeZone,
  shot,
  signIn,
  t,
  unique,
  useLanguage,
  type Lang,
} from './support.ts';

interface Member {
  id: number;
  username: string;
  name: string;
  password: string;
}

/** Through the API: the business in a daytime zone, a site with two active members, a task with one question. */
async function prepare(request: APIRequestContext, lang: Lang) {
  const token = await apiToken(request, DEMO.username, DEMO.password);
  await moveToDaytimeZone(request, token);
  const suffix = unique().replace(/[0-9]/g, 'x');
  const projects = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/projects/all/business?page=0&size=1');
  const siteName = `Pool Site ${suffix}`;
  const site = await call<{ id: number }>(request, token, 'POST', '/api/v1/teams', { name: siteName, projectId: projects[0].id });
  const members: Member[] = [];
  for (const who of ['a', 'b']) {
    const person = {
      name: lang === 'en' ? `Guard ${who.toUpperCase()} ${suffix}` : `حارس ${who === 'a' ? 'أ' : 'ب'} ${suffix}`,
      email: `guard.${who}.${suffix}@example.com`,
      password: 'guard-pass-1',
    };
    const placed = await addActiveMember(request, token, site.id, person);
    members.push({ id: placed.userId, username: placed.username, name: person.name, password: person.password });
  }
  const taskName = lang === 'en' ? `Night round ${suffix}` : `جولة ليلية ${suffix}`;
  const task = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/tasks`, {
    nameEn: lang === 'en' ? taskName : null,
    nameAr: lang === 'ar' ? taskName : null,
  });
  await call(request, token, 'POST', `${WORKFLOW}/v1/actions`, {
    taskId: task.id,
    nameEn: lang === 'en' ? 'Gate locked?' : null,
    nameAr: lang === 'ar' ? 'هل البوابة مقفلة؟' : null,
    type: 'YES_NO',
    required: true,
  });
  return { token, siteName, taskId: task.id, taskName, members };
}

/** A member's phone, signed in, on the tracker. */
async function phoneOf(browser: Browser, lang: Lang, member: Member) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await useLanguage(page, lang);
  await signIn(page, lang, member.username, member.password);
  await page.goto('/tracker');
  await expectDirection(page, lang);
  return { context, page };
}

/** Ticks a radio (a visually hidden input) by its label, as a pointer does. */
async function tick(dialog: Locator, input: Locator) {
  const id = await input.getAttribute('id');
  await dialog.locator(`label[for="${id}"]`).click();
  await expect(input).toBeChecked();
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`a pooled schedule taken on one phone and covered on another, in ${lang}`, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const setup = await prepare(request, lang);
    const name = (key: string, values: Record<string, string> = {}) => ({ name: t(lang, key, values) });

    // The owner plans the task once today, 09:00 to 17:00, for a pool of the whole site.
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto(`/tasks/${setup.taskId}?tab=plans`);
    await page.getByRole('button', name('tasks.plans.new')).first().click();
    const dialog = page.getByRole('dialog', name('tasks.plans.form.newTitle'));
    await tick(dialog, dialog.getByRole('radio', name('planPool.pool')));
    await dialog.getByRole('combobox', name('tasks.plans.form.site')).click();
    await page.getByRole('option', { name: setup.siteName, exact: true }).click();
    await expect(dialog.getByRole('combobox', name('planPool.poolMembers'))).toBeVisible();
    await tick(dialog, dialog.getByRole('radio', name('tasks.plans.type.ONCE')));
    await expectAccessible(page, `the pooled plan form in ${lang}`);
    await shot(page, `pooled-work-${lang}-01-form`);
    await dialog.getByRole('button', name('tasks.plans.form.create')).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(t(lang, 'messages.planCreated')).first()).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: setup.siteName }).first()).toContainText(t(lang, 'planPool.pooledBadge'));

    const [a, b] = await Promise.all(setup.members.map((m) => phoneOf(browser, lang, m)));
    const [memberA, memberB] = setup.members;
    for (const phone of [a, b]) {
      const open = phone.page.getByRole('region', name('pool.title'));
      await expect(open).toBeVisible();
      await expect(open).toContainText(setup.taskName);
    }
    await expectAccessible(a.page, `open work for the site on a phone in ${lang}`);
    await shot(a.page, `pooled-work-${lang}-02-open-for-site`);

    // The owner, who manages the site but is not of its pool, sees it waiting, without a Take button.
    await page.goto('/tracker');
    const waiting = page.getByRole('region', name('pool.title'));
    await expect(waiting).toContainText(setup.taskName);
    await expect(waiting).toContainText(t(lang, 'pool.notTaken'));
    await expect(waiting.getByRole('button', name('pool.takeNamed', { task: setup.taskName }))).toHaveCount(0);
    await expectAccessible(page, `untaken pooled work seen by the owner in ${lang}`);
    await shot(page, `pooled-work-${lang}-02b-owner-sees-untaken`);

    // A takes it: it is theirs, and it leaves B's list without B reloading.
    await a.page.getByRole('button', name('pool.takeNamed', { task: setup.taskName })).click();
    await a.page.waitForURL(/\/tracker\/\d+/);
    const scheduleId = Number(new URL(a.page.url()).pathname.split('/').pop());
    await expect(b.page.getByRole('button', name('pool.takeNamed', { task: setup.taskName }))).toBeHidden({ timeout: 45_000 });
    const taken = await call<{ userId: number }>(request, setup.token, 'GET', `${WORKFLOW}/schedules/${scheduleId}`);
    expect(taken.userId).toBe(memberA.id);
    await page.reload();
    await expect(page.getByRole('region', name('pool.title'))).toBeHidden();

    // A asks for cover; B sees the request and accepts it; the schedule is B's.
    await a.page.getByRole('button', name('pool.cover.ask')).click();
    const ask = a.page.getByRole('dialog', name('pool.cover.askTitle'));
    await ask.getByRole('textbox', name('pool.cover.reasonLabel')).fill(lang === 'en' ? 'Called to another site' : 'استُدعيت إلى موقع آخر');
    await expectAccessible(a.page, `asking for cover in ${lang}`);
    await shot(a.page, `pooled-work-${lang}-03-ask-cover`);
    await ask.getByRole('button', name('pool.cover.send')).click();
    await expect(ask).toBeHidden();

    await b.page.reload();
    const requests = b.page.getByRole('region', name('pool.cover.title'));
    await expect(requests).toContainText(t(lang, 'pool.cover.asks', { name: memberA.name }));
    await expectAccessible(b.page, `cover requests on a phone in ${lang}`);
    await shot(b.page, `pooled-work-${lang}-04-cover-request`);
    await requests.getByRole('button', name('pool.cover.acceptNamed', { name: memberA.name, task: setup.taskName })).click();
    await expect(b.page.getByText(t(lang, 'pool.cover.accepted', { task: setup.taskName })).first()).toBeVisible();
    await expect(requests).toBeHidden();
    const covered = await call<{ userId: number }>(request, setup.token, 'GET', `${WORKFLOW}/schedules/${scheduleId}`);
    expect(covered.userId).toBe(memberB.id);
    const history = await call<{ requester: { id: number }; cover: { id: number } | null; status: string }[]>(
      request,
      setup.token,
      'GET',
      `${WORKFLOW}/v1/schedules/${scheduleId}/cover-requests`,
    );
    expect(history).toMatchObject([{ requester: { id: memberA.id }, cover: { id: memberB.id }, status: 'ACCEPTED' }]);
    await b.page.goto(`/tracker/${scheduleId}`);
    await expect(b.page.getByRole('button', name('pool.cover.ask'))).toBeVisible();
    await shot(b.page, `pooled-work-${lang}-05-covered`);
    await a.context.close();
    await b.context.close();
  });
}
