// A signed-in phone reopening the ticket board (/tickets): the server draws the board's first
// screen into the page, so its first cards show before any of the app's code runs, and the app
// then takes that screen over in place (no session or ticket call of its own, no hydration error)
// and works as usual. In English and in Arabic (right to left).
import { devices, expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, expectDirection, shot, signIn, t, useLanguage, type Lang } from './support.ts';

// A phone, as its browser says: the server draws only for a phone's screen.
test.use({ userAgent: devices['Pixel 7'].userAgent, isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });

const column = (page: Page, lang: Lang, status: string) => page.getByRole('region', { name: t(lang, `tickets.status.${status}`), exact: true });

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`the ticket board drawn on the server in ${lang}`, async ({ page }) => {
    test.setTimeout(90_000);
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await page.goto('/tickets');
    await expect(column(page, lang, 'NEW').locator('[data-ticket-id]').first()).toBeVisible();

    // Without the app's code: the page alone shows the board's first cards, in its language.
    await page.route('**/assets/*.js', (route) => route.abort());
    const plain = await page.reload();
    const html = (await plain?.text()) ?? '';
    expect(html).toContain(`data-first-screen="${lang}"`);
    await expectDirection(page, lang);
    await expect(page.getByRole('heading', { name: t(lang, 'nav.tickets'), level: 1 })).toBeVisible();
    await expect(column(page, lang, 'NEW').locator('[data-ticket-id]').first()).toBeVisible();
    await expect(page.getByTestId('count-NEW')).not.toHaveText('');
    // Styled as the app draws it: a card's border comes from the interface library's styles.
    expect(
      await column(page, lang, 'NEW')
        .locator('[data-ticket-id]')
        .first()
        .evaluate((card) => getComputedStyle(card).borderTopStyle),
    ).toBe('solid');
    // On a phone the filters are folded behind one button.
    await expect(page.getByRole('button', { name: t(lang, 'tickets.filters.more'), exact: true })).toHaveAttribute('aria-expanded', 'false');
    await shot(page, `${lang}-board-first-screen-01-before-code`);
    await page.unroute('**/assets/*.js');

    // With it: the app starts from the page's answers and asks for none of them again.
    const errors: string[] = [];
    page.on('console', (message) => {
      // Hydration mismatches are errors, and some of React's complaints warnings; the journeys
      // block the service worker, which the browser says as a warning of its own.
      if (message.type() === 'error' || (message.type() === 'warning' && !message.text().includes('blocked by Playwright'))) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/account\/session|\/helpdesk\/api\/v1\/tickets/.test(request.url())) asked.push(request.url());
    });
    // The server's elements are marked as the page arrives: taken over in place (hydrated, not
    // drawn again), they are still there.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        for (const element of document.querySelectorAll<HTMLElement>('#root header, #root h1, #root [data-ticket-id]')) element.dataset.drawnBy = 'server';
      }),
    );
    await page.reload();
    // The folded filters open: the code has taken the page over.
    const filters = page.getByRole('button', { name: t(lang, 'tickets.filters.more'), exact: true });
    await expect(async () => {
      await filters.tap();
      await expect(filters).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('combobox', { name: t(lang, 'tickets.fields.priority') })).toBeVisible();
    await expect(page.locator('#root header')).toHaveAttribute('data-drawn-by', 'server');
    await expect(page.getByRole('heading', { name: t(lang, 'nav.tickets'), level: 1 })).toHaveAttribute('data-drawn-by', 'server');
    const firstCard = column(page, lang, 'NEW').locator('[data-ticket-id]').first();
    await expect(firstCard).toHaveAttribute('data-drawn-by', 'server');
    expect(asked).toEqual([]);
    await expectAccessible(page, `${lang} ticket board drawn on the server`);
    await shot(page, `${lang}-board-first-screen-02-taken-over`);

    // It works: a card's menu opens, and a card leads to its ticket.
    await firstCard.getByRole('button').first().tap();
    await expect(page.getByRole('menuitem', { name: t(lang, 'actions.copyLink') })).toBeVisible();
    await page.keyboard.press('Escape');
    const id = await firstCard.getAttribute('data-ticket-id');
    await firstCard.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${id}$`));
    expect(errors).toEqual([]);
  });
}
