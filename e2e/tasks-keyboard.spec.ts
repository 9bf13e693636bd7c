// Reordering a task's actions with the keyboard alone, in English and in Arabic: Tab and
// Shift+Tab reach an action's Move up / Move down button, Enter and Space press it; the new order
// shows at once, focus stays on the moved action (on its other button when it reached an end), so
// it can be pressed again, and the order is kept after a reload.
import { expect, test, type Page } from '@playwright/test';
import { DEMO, apiToken, expectDirection, shot, signIn, t, unique, useLanguage, type Lang } from './support.ts';

const WORKFLOW = '/services/workflow/api';

/** Through the API: a task with three yes/no actions named in the journey's language. */
async function taskWithActions(page: Page, lang: Lang, names: string[]) {
  const token = await apiToken(page.request, DEMO.username, DEMO.password);
  const headers = { Authorization: `Bearer ${token}` };
  const named = (name: string) => ({ nameEn: lang === 'en' ? name : null, nameAr: lang === 'ar' ? name : null });
  const task = await page.request.post(`${WORKFLOW}/v1/tasks`, { headers, data: { ...named(`${names[0]} ${unique()}`), geoRestrictionEnabled: false } });
  expect(task.status(), await task.text()).toBe(201);
  const { id } = (await task.json()) as { id: number };
  for (const name of names) {
    const action = await page.request.post(`${WORKFLOW}/v1/actions`, { headers, data: { taskId: id, ...named(name), type: 'YES_NO' } });
    expect(action.status(), await action.text()).toBe(201);
  }
  return id;
}

/** The accessible name of the focused element. */
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

/** Presses Tab (or Shift+Tab) until the element named `label` has the focus. */
async function tabTo(page: Page, label: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 120; presses += 1) {
    if ((await focusedLabel(page)) === label) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached "${label}"`);
}

/** Presses `key` on the focused move button and waits for the new order to be saved. */
async function press(page: Page, key: 'Enter' | ' ') {
  const saved = page.waitForResponse((res) => res.url().endsWith('/v1/actions/order') && res.request().method() === 'POST');
  await page.keyboard.press(key === ' ' ? 'Space' : key);
  expect((await saved).ok()).toBeTruthy();
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`reordering actions by keyboard in ${lang}`, async ({ page }) => {
    const suffix = unique();
    const [a, b, c] = (lang === 'en' ? ['Gate locked', 'Lights off', 'Alarm set'] : ['البوابة مقفلة', 'الأضواء مطفأة', 'الإنذار مفعّل']).map(
      (name) => `${name} ${suffix}`,
    );
    const taskId = await taskWithActions(page, lang, [a, b, c]);
    const up = (name: string) => t(lang, 'tasks.actions.moveUpOf', { name });
    const down = (name: string) => t(lang, 'tasks.actions.moveDownOf', { name });

    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto(`/tasks/${taskId}?tab=actions`);
    await expectDirection(page, lang);
    const list = page.getByRole('list', { name: t(lang, 'tasks.actions.listLabel') });
    const order = () => list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    await expect.poll(order).toEqual([a, b, c]);

    // Enter moves the last action up; focus stays on its Move up button.
    await tabTo(page, up(c));
    await press(page, 'Enter');
    await expect.poll(order).toEqual([a, c, b]);
    await expect(page.getByRole('button', { name: up(c) })).toBeFocused();

    // Space moves it again, to the top: Move up is no longer possible, so its Move down has the focus.
    await press(page, ' ');
    await expect.poll(order).toEqual([c, a, b]);
    await expect(page.getByRole('button', { name: up(c) })).toBeDisabled();
    await expect(page.getByRole('button', { name: down(c) })).toBeFocused();
    await shot(page, `tasks-keyboard-${lang}-01-moved-to-top`);

    // Tab on to the middle action and send it to the bottom; then Shift+Tab back up to the first
    // and move it down one.
    await tabTo(page, down(a));
    await press(page, 'Enter');
    await expect.poll(order).toEqual([c, b, a]);
    await expect(page.getByRole('button', { name: up(a) })).toBeFocused();
    await tabTo(page, down(c), 'Shift+Tab');
    await press(page, ' ');
    await expect.poll(order).toEqual([b, c, a]);
    await expect(page.getByRole('button', { name: down(c) })).toBeFocused();
    await shot(page, `tasks-keyboard-${lang}-02-final-order`);

    // The order was saved.
    await page.reload();
    await expect.poll(order).toEqual([b, c, a]);
  });
}
