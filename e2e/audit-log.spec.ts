// The audit log, in English and in Arabic: the owner changes a member's role from Member to Admin
// on the member's page, then opens the audit log from the sidebar, narrows it to members' changes
// and the member's name, and finds the change told as a sentence, with the role before and after,
// the address and the browser it came from; narrowed to tasks, an action added to a task is told
// by the action and the task, and stays listed when the range is made to end today, picked in the
// date field. The page is checked for accessibility.
import { expect, test } from '@playwright/test';
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

/** A name as the audit page's sentences hold it: isolated from the sentence's direction. */
const named = (name: string) => `\u2068${name}\u2069`;

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`the owner finds a role change in the audit log, in ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, DEMO.username, DEMO.password);
    const suffix = unique().replace(/[0-9]/g, 'x');
    const sites = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/teams?page=0&size=1');
    const name = lang === 'en' ? `Omar Audit ${suffix}` : `عمر ${suffix}`;
    const member = await addActiveMember(request, token, sites[0]!.id, { name, email: `audit.${suffix}@example.com`, password: 'field-pass-1' });
    const owner = await call<{ fullName: string }>(request, token, 'GET', '/api/v1/account');
    // A task of that name, given an action (through the API, as the task builder does).
    const taskName = lang === 'en' ? `Night round ${suffix}` : `جولة ليلية ${suffix}`;
    const task = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/tasks`, { nameEn: taskName, nameAr: taskName });
    await call(request, token, 'POST', `${WORKFLOW}/v1/actions`, { taskId: task.id, nameEn: 'Gate locked?', nameAr: 'هل البوابة مقفلة؟', type: 'YES_NO' });

    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expectDirection(page, lang);

    // The role change, made on the member's page.
    await page.goto(`/members/${member.userId}`);
    await page.getByRole('button', { name: t(lang, 'members.table.menuOf', { name }) }).click();
    await page.getByRole('menuitem', { name: t(lang, 'actions.edit') }).click();
    const dialog = page.getByRole('dialog', { name: t(lang, 'members.edit.title') });
    await dialog.getByRole('combobox', { name: t(lang, 'members.edit.role') }).click();
    await page.getByRole('option', { name: t(lang, 'user.role.ADMIN') }).click();
    await dialog.getByRole('button', { name: t(lang, 'actions.saveChanges') }).click();
    await expect(dialog).toBeHidden();

    // The audit log, from the sidebar's "Other" group.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: t(lang, 'nav.auditLog') })
      .click();
    await expect(page.getByRole('heading', { name: t(lang, 'auditLog.title') })).toBeVisible();
    await page.getByRole('combobox', { name: t(lang, 'auditLog.filters.area') }).click();
    await page.getByRole('option', { name: t(lang, 'auditLog.areas.member') }).click();
    // The search applies after a pause: the entries are read once its answer came (one opened
    // before would be drawn anew, closed).
    const searched = page.waitForResponse((res) => res.url().includes('/api/v1/audit-log?') && new URL(res.url()).searchParams.get('q') === suffix);
    await page.getByRole('searchbox', { name: t(lang, 'auditLog.filters.search') }).fill(suffix);
    await searched;

    const sentence = t(lang, 'auditLog.sentence.member.role_changed', {
      actor: named(owner.fullName),
      target: named(name),
      from: t(lang, 'auditLog.roles.MEMBER'),
      to: t(lang, 'auditLog.roles.ADMIN'),
    });
    const entry = page.getByTestId('audit-entry').filter({ hasText: sentence });
    await expect(entry).toHaveCount(1);
    // Only members' changes of that name are listed.
    await expect(
      page.getByTestId('audit-entry').filter({ hasText: t(lang, 'auditLog.sentence.member.invited', { actor: named(owner.fullName), target: named(name) }) }),
    ).toHaveCount(1);
    await entry.getByRole('button', { name: t(lang, 'auditLog.detailsOf', { sentence }) }).click();
    const change = entry.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'role' }) });
    await expect(change).toContainText('MEMBER');
    await expect(change).toContainText('ADMIN');
    await expect(entry.getByText(/HeadlessChrome|Chrome/)).toBeVisible();

    // Tasks' changes of that name: the action added, by its name and its task's.
    await page.getByRole('combobox', { name: t(lang, 'auditLog.filters.area') }).click();
    await page.getByRole('option', { name: t(lang, 'auditLog.areas.task') }).click();
    const added = t(lang, 'auditLog.sentence.task.parts.action.added', {
      actor: named(owner.fullName),
      target: named(taskName),
      part: named('Gate locked?'),
    });
    await expect(page.getByTestId('audit-entry').filter({ hasText: added })).toHaveCount(1);
    await expect(page.getByTestId('audit-entry').filter({ hasText: sentence })).toHaveCount(0);

    // The range made to end today: the last day the date field offers (none after today).
    const to = page.getByRole('button', { name: t(lang, 'auditLog.filters.to'), exact: true });
    await expect(to).toHaveText(t(lang, 'auditLog.filters.anyDate'));
    await to.click();
    const today = page.locator('td > button[aria-label]:not([data-disabled]):not([data-outside])').last();
    const label = await today.getAttribute('aria-label');
    const ended = page.waitForResponse((res) => res.url().includes('/api/v1/audit-log?') && new URL(res.url()).searchParams.get('to') !== null);
    await today.click();
    await ended;
    await expect(to).toHaveText(label ?? '');
    await expect(page.getByTestId('audit-entry').filter({ hasText: added })).toHaveCount(1);
    // The start's field open, in the page's language.
    await page.getByRole('button', { name: t(lang, 'auditLog.filters.from'), exact: true }).click();
    await expect(page.locator('td > button[aria-label]').first()).toBeVisible();
    await shot(page, `audit-log-picker-${lang}`);
    await page.keyboard.press('Escape');
    await expect(page.locator('td > button[aria-label]')).toHaveCount(0);
    await shot(page, `audit-log-${lang}`);
    await expectAccessible(page, `the audit log (${lang})`);
  });
}
