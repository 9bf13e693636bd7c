// The dashboard journey, in English and in Arabic, on the demo business (30 days of schedules
// and answers): the numbers follow the date filter (yesterday against last month) and a
// project filter; then a project's and a member's Performance tabs show a rank and a chart.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, DEMO, expectDirection, shot, signIn, t, useLanguage, type Lang } from './support.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The number at the end of a figure's text ("Schedules186" → 186). */
async function figure(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  const digits = /(\d[\d,]*)\s*$/.exec(text.trim())?.[1] ?? 'NaN';
  return Number(digits.replace(/,/g, ''));
}

/** The figure once the card has the answer of its new filter: a new value, no longer busy. */
async function changed(card: Locator, locator: Locator, before: number): Promise<number> {
  await expect.poll(() => figure(locator)).not.toBe(before);
  await expect(card.locator('[aria-busy="true"]')).toHaveCount(0);
  return figure(locator);
}

async function choosePreset(page: Page, lang: Lang, preset: string) {
  await page
    .getByRole('radiogroup', { name: t(lang, 'performance.presets.label') })
    .getByText(t(lang, `performance.presets.${preset}`), { exact: true })
    .click();
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`dashboard journey in ${lang}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1400, height: 900 });
    await useLanguage(page, lang);
    await signIn(page, lang, DEMO.username, DEMO.password);
    await expectDirection(page, lang);

    const overview = page.getByRole('region', { name: t(lang, 'dashboard.overview.title') });
    const active = page.getByRole('region', { name: t(lang, 'dashboard.activeSchedules.title') });
    const total = active.getByTestId('status-total');
    await expect(overview.getByTestId('stat-projects-value')).toHaveText('3');
    // The demo's five sites, with any a journey before this one added to the business.
    const token = await apiToken(request, DEMO.username, DEMO.password);
    const sites = await request.get('/api/v1/teams?page=0&size=1', { headers: { authorization: `Bearer ${token}` } });
    expect(Number(sites.headers()['x-total-count'])).toBeGreaterThanOrEqual(5);
    await expect(overview.getByTestId('stat-sites-value')).toHaveText(sites.headers()['x-total-count']!);
    await expect(active.getByTestId('range-completion-rate')).toHaveText(/^\d+(\.\d)?%$/);

    // Every section has filled in: rankings with rates, load charts, top tags.
    const tasks = page.getByRole('region', { name: t(lang, 'performance.bestWorst.tasks') });
    await expect(tasks.getByTestId('kpi-rate').first()).toHaveText(/^\d+(\.\d)?%$/);
    for (const kind of ['members', 'teams', 'projects']) {
      await expect(
        page
          .getByRole('region', { name: t(lang, `performance.load.${kind}`) })
          .getByTestId('load-row')
          .first(),
      ).toBeVisible();
    }
    await expect(
      page
        .getByRole('region', { name: t(lang, 'dashboard.topTags.title') })
        .getByTestId('tag-row')
        .first(),
    ).toBeVisible();
    await shot(page, `${lang}-dash-01-last-week`);

    // Yesterday against last month: a month holds more schedules than a day.
    const lastWeek = await figure(total);
    await choosePreset(page, lang, 'yesterday');
    await expect(page).toHaveURL(/range=yesterday/);
    const yesterday = await changed(active, total, lastWeek);
    await shot(page, `${lang}-dash-02-yesterday`);

    await choosePreset(page, lang, 'lastMonth');
    await expect(page).toHaveURL(/range=lastMonth/);
    const month = await changed(active, total, yesterday);
    expect(month).toBeGreaterThan(yesterday);
    expect(yesterday).toBeGreaterThan(0);

    // One project: its counts only.
    await page.getByRole('combobox', { name: t(lang, 'dashboard.filters.project') }).click();
    await page.getByRole('option', { name: 'Downtown Towers' }).click();
    await expect(page).toHaveURL(/project=\d+/);
    await expect(overview.getByTestId('stat-projects-value')).toHaveText('1');
    const project = await changed(active, total, month);
    expect(project).toBeLessThan(month);
    expect(project).toBeGreaterThan(0);
    const projects = page.getByRole('region', { name: t(lang, 'performance.bestWorst.projects') });
    await expect(projects.getByTestId('kpi-row')).toHaveCount(1);
    await shot(page, `${lang}-dash-03-project`);

    // The project's Performance tab, opened from its row.
    await projects.getByRole('link', { name: 'Downtown Towers' }).click();
    await page.waitForURL(/\/projects\/\d+/);
    await expect(page.getByRole('tab', { name: t(lang, 'tabs.performance') })).toHaveAttribute('aria-selected', 'true');
    const rankPattern = new RegExp(`^${t(lang, 'performance.standing.rankOf', { rank: '\\d+', ranked: '\\d+' })}$`);
    await expect(page.getByTestId('standing-rank')).toHaveText(rankPattern);
    // The chart is named for what it draws: the completion rate, and the average score where
    // inspections were scored (the demo's fire-safety inspections are).
    const chartName = new RegExp(
      `^(${escapeRegExp(t(lang, 'performance.completionOverTime'))}|${escapeRegExp(t(lang, 'performance.completionAndScoreOverTime'))})$`,
    );
    const chart = page.getByRole('region', { name: t(lang, 'performance.completionOverTime') });
    await expect(chart.getByRole('img', { name: chartName })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: t(lang, 'performance.load.teams') })
        .getByTestId('load-row')
        .first(),
    ).toBeVisible();
    await page.mouse.move(0, 0);
    await shot(page, `${lang}-dash-04-project-performance`);

    // A member's Performance tab, opened from the dashboard's members ranking.
    await page.goto('/?range=lastMonth');
    const members = page.getByRole('region', { name: t(lang, 'performance.bestWorst.members') });
    await members.getByRole('link').first().click();
    await page.waitForURL(/\/members\/\d+/);
    await page.getByRole('tab', { name: t(lang, 'tabs.performance') }).click();
    await expect(page.getByTestId('standing-rank')).toHaveText(rankPattern);
    await expect(page.getByRole('region', { name: t(lang, 'performance.completionOverTime') }).getByRole('img', { name: chartName })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: t(lang, 'performance.bestWorst.tasks') })
        .getByTestId('kpi-row')
        .first(),
    ).toBeVisible();
    await page.mouse.move(0, 0);
    await shot(page, `${lang}-dash-05-member-performance`);

    // On a phone the cards stack and the charts keep their labels.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(
      page
        .getByRole('region', { name: t(lang, 'performance.load.members') })
        .getByTestId('load-row')
        .first(),
    ).toBeVisible();
    await shot(page, `${lang}-dash-06-phone`);
  });
}
