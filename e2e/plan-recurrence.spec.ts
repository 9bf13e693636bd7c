// Richer recurrence, in English and in Arabic, on a desktop and on a phone: the owner plans a task
// for "the last Friday of every month" on its Plans tab, sees the rule in words as it is chosen
// and on the plan once created, and (on a desktop) plans it every 2 weeks on Sunday and Tuesday
// with a date skipped. The form and the list pass axe.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PHONE } from './phone.ts';
import {
  DEMO,
  WORKFLOW,
  addActiveMember,
  apiToken,
  call,
  expectAccessible,
  expectDirection,
  shot,
  signIn,
  t,
  unique,
  useLanguage,
  type Lang,
} from './support.ts';

const LAYOUTS = { desktop: { width: 1400, height: 900 }, phone: PHONE } as const;

/** The weekday chip's text, as the form writes it (Intl's short name; 6 January 2023 was a Friday). */
const weekdayChip = (lang: Lang, day: number) =>
  new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en', { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));

/** Through the API: a site with an active member, and a task without plans. */
async function prepare(request: APIRequestContext, lang: Lang) {
  const token = await apiToken(request, DEMO.username, DEMO.password);
  const suffix = unique().replace(/[0-9]/g, 'x');
  const projects = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/projects/all/business?page=0&size=1');
  const siteName = `Recurrence Site ${suffix}`;
  const site = await call<{ id: number }>(request, token, 'POST', '/api/v1/teams', { name: siteName, projectId: projects[0].id });
  const memberName = lang === 'en' ? `Audit Member ${suffix}` : `عضو التدقيق ${suffix}`;
  await addActiveMember(request, token, site.id, { name: memberName, email: `audit.${suffix}@example.com`, password: 'audit-pass-1' });
  const taskName = lang === 'en' ? `Monthly audit ${suffix}` : `التدقيق الشهري ${suffix}`;
  const task = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/tasks`, {
    nameEn: lang === 'en' ? taskName : null,
    nameAr: lang === 'ar' ? taskName : null,
  });
  return { taskId: task.id, siteName, memberName };
}

/** Opens the new plan form and picks the site and its member. */
async function newPlan(page: Page, lang: Lang, setup: { siteName: string; memberName: string }) {
  const name = (key: string) => ({ name: t(lang, key) });
  await page.getByRole('button', name('tasks.plans.new')).first().click();
  const dialog = page.getByRole('dialog', name('tasks.plans.form.newTitle'));
  await dialog.getByRole('combobox', name('tasks.plans.form.site')).click();
  await page.getByRole('option', { name: setup.siteName, exact: true }).click();
  await dialog.getByRole('combobox', name('tasks.plans.form.members')).click();
  await page.getByRole('option', { name: setup.memberName, exact: true }).click();
  await page.keyboard.press('Escape');
  return dialog;
}

/** Ticks a radio or a chip (a visually hidden input) by its label, as a pointer does. */
async function tick(dialog: Locator, input: Locator) {
  const id = await input.getAttribute('id');
  await dialog.locator(`label[for="${id}"]`).click();
  await expect(input).toBeChecked();
}

/** Picks day `day` of the month `months` ahead in the date picker that `opener` opens. */
async function pickDay(page: Page, opener: Locator, months: number, day: number) {
  await opener.click();
  const calendar = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('[data-direction="next"]') });
  for (let i = 0; i < months; i++) await calendar.locator('[data-direction="next"]').first().click();
  await calendar
    .locator('table button:not([data-outside]):not([data-disabled])', { hasText: new RegExp(`^${day}$`) })
    .first()
    .click();
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  for (const [layout, size] of Object.entries(LAYOUTS)) {
    test(`a "last Friday of the month" plan in ${lang} on a ${layout}`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const setup = await prepare(request, lang);
      const name = (key: string) => ({ name: t(lang, key) });
      await page.setViewportSize(size);
      await useLanguage(page, lang);
      await signIn(page, lang, DEMO.username, DEMO.password);
      await page.goto(`/tasks/${setup.taskId}?tab=plans`);
      await expectDirection(page, lang);

      const dialog = await newPlan(page, lang, setup);
      await tick(dialog, dialog.getByRole('radio', name('tasks.plans.type.MONTHLY')));
      await pickDay(page, dialog.getByRole('button', name('tasks.plans.form.endDate')), 3, 28);
      const summary = dialog.getByTestId('plan-recurrence-summary');
      await expect(summary).toContainText(t(lang, 'tasks.plans.recurrence.summaryIncomplete'));
      // The chips answer the keyboard: focus, then Space.
      const friday = dialog.getByRole('checkbox', { name: weekdayChip(lang, 5), exact: true });
      await friday.focus();
      await page.keyboard.press('Space');
      await expect(friday).toBeChecked();
      await tick(
        dialog,
        dialog
          .getByRole('group', name('tasks.plans.recurrence.monthWeeks'))
          .getByRole('checkbox', { name: t(lang, 'tasks.plans.recurrence.weekChip.last'), exact: true }),
      );
      const words = lang === 'en' ? 'The last Friday of every month' : 'كل يوم جمعة الأخير من الشهر';
      await expect(summary).toContainText(words);
      await expect(summary).toContainText(
        t(lang, 'tasks.plans.recurrence.nextDates')
          .replace(/\{\{dates\}\}$/, '')
          .replace(': ', ''),
      );
      await expectAccessible(page, `the monthly plan form in ${lang} on a ${layout}`);
      await shot(page, `plan-recurrence-${lang}-${layout}-01-form`);
      await dialog.getByRole('button', name('tasks.plans.form.create')).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(t(lang, 'messages.planCreated')).first()).toBeVisible();

      const card = page.getByRole('article').filter({ hasText: setup.siteName }).first();
      await expect(card).toContainText(words);
      await expectAccessible(page, `the plans with a monthly plan in ${lang} on a ${layout}`);
      await shot(page, `plan-recurrence-${lang}-${layout}-02-plan`);

      if (layout !== 'desktop') return;
      // Every 2 weeks on Sunday and Tuesday, skipping the 10th of next month.
      const second = await newPlan(page, lang, setup);
      await tick(second, second.getByRole('radio', name('tasks.plans.type.WEEKLY')));
      await pickDay(page, second.getByRole('button', name('tasks.plans.form.endDate')), 2, 20);
      await tick(second, second.getByRole('checkbox', { name: weekdayChip(lang, 0), exact: true }));
      await tick(second, second.getByRole('checkbox', { name: weekdayChip(lang, 2), exact: true }));
      await second.getByRole('textbox', name('tasks.plans.recurrence.repeatEveryWeeks')).fill('2');
      await pickDay(page, second.getByRole('button', name('tasks.plans.recurrence.exceptions')), 1, 10);
      await page.keyboard.press('Escape');
      const everyTwo = lang === 'en' ? 'Every 2 weeks on Sunday and Tuesday, except' : 'كل أسبوعين يوم الأحد والثلاثاء، ما عدا';
      await expect(second.getByTestId('plan-recurrence-summary')).toContainText(everyTwo);
      await shot(page, `plan-recurrence-${lang}-${layout}-03-every-two-weeks`);
      await second.getByRole('button', name('tasks.plans.form.create')).click();
      await expect(second).toBeHidden();
      await expect(page.getByRole('article').filter({ hasText: everyTwo })).toHaveCount(1);
      await expectAccessible(page, `the plans with an every-two-weeks plan in ${lang}`);
    });
  }
}
