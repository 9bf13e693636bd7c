// The service-time journey, in English on a desktop and in Arabic on a phone: the owner writes an
// SLA rule for urgent tickets in the rule editor (two working hours to resolve), an urgent ticket
// shows its time left on the board, the browser's clock moves on and the card turns "due soon"
// by itself, then the ticket is put on hold from its page and its clock stops there: the time
// left stays the same however long the hold lasts. The business works round the clock meanwhile
// (working hours and holidays have their own journey, business-calendar.spec.ts), so the clock
// runs whenever the journey does; its hours and rules are put back afterwards.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, apiToken, expectAccessible, expectDirection, shot, signIn, t, unique, useLanguage } from './support.ts';

const HELPDESK = '/services/helpdesk/api/v1';
const HOURS = '/api/v1/business-calendar/working-hours';
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map(() => [{ start: 0, end: 1440 }]);

const CASES = [
  { lang: 'en', viewport: { width: 1366, height: 900 } },
  { lang: 'ar', viewport: { width: 390, height: 844 } },
] as const;

function client(request: APIRequestContext, token: string) {
  return async <T>(method: 'GET' | 'PUT' | 'POST', url: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(url, { method, headers: { Authorization: `Bearer ${token}` }, data });
    expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };
}

async function expectToast(page: Page, text: string) {
  const toast = page.locator('.mantine-Notification-root', { hasText: text });
  await expect(toast.first()).toBeVisible();
}

for (const { lang, viewport } of CASES) {
  test(`an urgent ticket goes due soon as time passes and its clock stops on hold, in ${lang} (${viewport.width}px)`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const api = client(request, await apiToken(request, DEMO.username, DEMO.password));
    const hoursBefore = await api<{ countryCode: string | null; week: unknown }>('GET', HOURS);
    const rulesBefore = await api<Record<string, unknown>[]>('GET', `${HELPDESK}/sla-policies`);
    await api('PUT', HOURS, { countryCode: null, week: ALL_DAY });
    await api('PUT', `${HELPDESK}/sla-policies`, { rules: [] });
    try {
      // The page's clock is the real one until the journey moves it on.
      await page.clock.install({ time: new Date() });
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      await signIn(page, lang, DEMO.username, DEMO.password);
      await expectDirection(page, lang);

      // 1. The rule: urgent tickets are resolved within two working hours, warned at 80 %.
      await page.goto('/business?tab=categories');
      await page.getByRole('button', { name: t(lang, 'business.sla.add') }).click();
      await page.getByRole('combobox', { name: t(lang, 'business.sla.priorityOf', { n: '1' }) }).click();
      await page.getByRole('option', { name: t(lang, 'business.sla.priorities.URGENT'), exact: true }).click();
      await page.getByRole('textbox', { name: t(lang, 'business.sla.resolutionOf', { n: '1' }) }).fill('2');
      await shot(page, `sla-${lang}-01-rule`);
      await page.getByRole('button', { name: t(lang, 'business.sla.save') }).click();
      await expectToast(page, t(lang, 'business.sla.saved'));
      await expectAccessible(page, `SLA rule editor (${lang})`);

      // 2. An urgent ticket: on track on the board with two hours left.
      const title = `Chiller alarm ${unique()}`;
      const ticket = await api<{ id: number }>('POST', `${HELPDESK}/tickets`, { title, description: 'The roof chiller reports a fault', priority: 'URGENT' });
      await page.goto('/tickets');
      const card = page.locator(`[data-ticket-id="${ticket.id}"]`);
      await expect(card).toContainText(t(lang, 'tickets.sla.ON_TRACK'));
      await shot(page, `sla-${lang}-02-on-track`);

      // 3. An hour and a half later the same card, never reloaded, says the ticket is due soon.
      await page.clock.fastForward('01:30:00');
      await expect(card).toContainText(t(lang, 'tickets.sla.DUE_SOON'));
      await expect(card).not.toContainText(t(lang, 'tickets.sla.ON_TRACK'));
      await shot(page, `sla-${lang}-03-due-soon`);
      await expectAccessible(page, `board with a ticket due soon (${lang})`);

      // 4. On its page the clock runs; put on hold (with a reason), it stops with its time left kept.
      await page.goto(`/tickets/${ticket.id}`);
      const clock = page.getByTestId('ticket-resolution-clock');
      await expect(clock).toBeVisible();
      await expect(page.getByRole('heading', { name: t(lang, 'tickets.clock.title') })).toBeVisible();
      await page.getByRole('combobox', { name: t(lang, 'tickets.fields.status') }).click();
      await page.getByRole('option', { name: t(lang, 'tickets.status.ON_HOLD') }).click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'tickets.reason.title') });
      await dialog.getByLabel(t(lang, 'tickets.reason.label')).fill(lang === 'en' ? 'Waiting for the spare part' : 'بانتظار قطعة الغيار');
      await dialog.getByRole('button', { name: t(lang, 'tickets.reason.confirm') }).click();
      await expect(page.getByText(t(lang, 'tickets.clock.pausedBadge'), { exact: true })).toBeVisible();
      const paused = (await clock.textContent()) ?? '';
      expect(paused).toContain(t(lang, 'tickets.clock.paused', { time: '' }).split('·')[0].trim());
      await shot(page, `sla-${lang}-04-paused`);

      // Three hours on hold later (the page reads the clock again each minute), nothing has been used.
      await page.clock.fastForward('03:00:00');
      await page.clock.runFor(61_000);
      await expect(clock).toHaveText(paused);
      await page.goto('/tickets');
      await expect(page.locator(`[data-ticket-id="${ticket.id}"]`)).not.toContainText(t(lang, 'tickets.sla.BREACHED'));
      await expectAccessible(page, `ticket on hold (${lang})`);
    } finally {
      await api('PUT', `${HELPDESK}/sla-policies`, {
        rules: rulesBefore.map(({ priority, categoryId, firstResponseMinutes, resolutionMinutes, warnPercent, raisePriorityTo }) => ({
          priority,
          categoryId,
          firstResponseMinutes,
          resolutionMinutes,
          warnPercent,
          raisePriorityTo,
        })),
      });
      await api('PUT', HOURS, { countryCode: hoursBefore.countryCode, week: hoursBefore.week });
    }
  });
}
