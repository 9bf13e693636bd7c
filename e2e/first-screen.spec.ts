// A signed-in phone reopening `/`: the server draws the dashboard into the page, so it shows
// before any of the app's code runs, and the app then takes that screen over (no session or
// dashboard call of its own, no hydration error) and works as usual. In both languages, and when
// the device has switched language since, the app draws it again in the device's language.
import { devices, expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, expectDirection, shot, signIn, t, useLanguage, type Lang } from './support.ts';

// A phone, as its browser says: the server draws only for a phone's screen.
test.use({ userAgent: devices['Pixel 7'].userAgent, isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });

const overview = (page: Page, lang: Lang) => page.getByRole('region', { name: t(lang, 'dashboard.overview.title') });

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`the dashboard drawn on the server in ${lang}`, async ({ page }) => {
    test.setTimeout(90_000);
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expect(overview(page, lang).getByTestId('stat-projects-value')).toHaveText('3');

    // Without the app's code: the page alone shows the dashboard, in its language.
    await page.route('**/assets/*.js', (route) => route.abort());
    const plain = await page.reload();
    expect(await plain?.text()).toContain(`data-first-screen="${lang}"`);
    await expectDirection(page, lang);
    await expect(overview(page, lang).getByTestId('stat-projects-value')).toHaveText('3');
    await expect(page.getByRole('heading', { name: t(lang, 'nav.dashboard'), level: 1 })).toBeVisible();
    // Styled as the app draws it: the card's border comes from the interface library's colour scheme.
    expect(await overview(page, lang).evaluate((card) => getComputedStyle(card).borderTopStyle)).toBe('solid');
    await shot(page, `${lang}-first-screen-01-before-code`);
    await page.unroute('**/assets/*.js');

    // With it: the app starts from the page's answers and asks for neither again.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/account\/session|\/dashboard\?/.test(request.url())) asked.push(request.url());
    });
    // The server's elements are marked as the page arrives: taken over in place (hydrated, not
    // drawn again), they are still there, and no waiting state ever replaces them.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        for (const element of document.querySelectorAll<HTMLElement>('#root header, #root h1, #root select')) element.dataset.drawnBy = 'server';
      }),
    );
    await page.reload();
    // The cards below the first screenful come with the code: it has taken the page over.
    await expect(
      page
        .getByRole('region', { name: t(lang, 'performance.bestWorst.tasks') })
        .getByTestId('kpi-rate')
        .first(),
    ).toHaveText(/^\d+(\.\d)?%$/);
    await expect(overview(page, lang).getByTestId('stat-projects-value')).toHaveText('3');
    expect(asked).toEqual([]);
    await expect(page.locator('#root header')).toHaveAttribute('data-drawn-by', 'server');
    await expect(page.getByRole('heading', { name: t(lang, 'nav.dashboard'), level: 1 })).toHaveAttribute('data-drawn-by', 'server');
    await expect(page.getByRole('combobox', { name: t(lang, 'performance.presets.label') })).toHaveAttribute('data-drawn-by', 'server');
    await expectAccessible(page, `${lang} dashboard drawn on the server`);
    await shot(page, `${lang}-first-screen-02-taken-over`);

    // It works: the menu opens and leads to another page.
    await page.getByRole('button', { name: t(lang, 'nav.toggleNavigation') }).tap();
    await page.getByRole('navigation').getByText(t(lang, 'nav.projects'), { exact: true }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('heading', { name: t(lang, 'nav.projects'), level: 1 })).toBeVisible();
    expect(errors).toEqual([]);

    // The device switched language since the page was kept: the app draws it in the new one.
    const other: Lang = lang === 'en' ? 'ar' : 'en';
    await page.evaluate((language) => window.localStorage.setItem('language', language), other);
    await page.goto('/');
    await expectDirection(page, other);
    await expect(overview(page, other).getByTestId('stat-projects-value')).toHaveText('3');
    await expect(page.locator('html')).not.toHaveAttribute('data-first-screen-stale', /.*/);
    expect(errors).toEqual([]);
  });
}
