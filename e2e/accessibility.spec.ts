// Every main screen of the demo business, in English and in Arabic, at a desktop (1366×768) and a
// phone (390×844) width, scanned with axe-core for WCAG 2.2 AA: no serious or critical violation.
// Each screen is scanned once its content has arrived (no loader left), and the counts per screen
// are printed so a regression names where it is.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, DEMO, expectDirection, signIn, t, useLanguage, type Lang } from './support.ts';

const WORKFLOW = '/services/workflow/api';
const HELPDESK = '/services/helpdesk/api';
const WIDTHS = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The first id of a list call. */
async function firstId(page: Page, token: string, url: string): Promise<number> {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${url}: ${res.status()}`).toBeTruthy();
  const rows = (await res.json()) as { id?: number; userId?: number }[];
  expect(rows.length, url).toBeGreaterThan(0);
  return rows[0].id ?? rows[0].userId!;
}

async function screensOf(page: Page): Promise<[string, string][]> {
  const token = await apiToken(page.request, DEMO.username, DEMO.password);
  const [project, site, member, task, schedule, ticket] = await Promise.all([
    firstId(page, token, '/api/v1/projects?page=0&size=1'),
    firstId(page, token, '/api/v1/teams?page=0&size=1'),
    firstId(page, token, '/api/v2/business-members?page=0&size=1'),
    firstId(page, token, `${WORKFLOW}/v1/tasks?page=0&size=1`),
    firstId(page, token, `${WORKFLOW}/v2/schedules?page=0&size=1`),
    firstId(page, token, `${HELPDESK}/v1/tickets?page=0&size=1`),
  ]);
  return [
    ['dashboard', '/'],
    ['projects', '/projects'],
    ['project', `/projects/${project}`],
    ['sites', '/sites'],
    ['site', `/sites/${site}`],
    ['members', '/members'],
    ['member', `/members/${member}`],
    ['tasks', '/tasks'],
    ['new task', '/tasks/new'],
    ['task templates', '/tasks/templates'],
    ['task', `/tasks/${task}`],
    ['tracker', '/tracker'],
    ['schedule', `/tracker/${schedule}`],
    ['reports', '/reports'],
    ['business', '/business'],
    ['settings', '/settings'],
    ['profile', '/profile'],
    ['invitations', '/invitations'],
    ['tickets', '/tickets'],
    ['ticket', `/tickets/${ticket}`],
  ];
}

/** Serious and critical violations of the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  for (const [width, viewport] of Object.entries(WIDTHS)) {
    test(`every main screen is accessible in ${lang} at ${width} width`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      await signIn(page, lang, DEMO.username, DEMO.password);
      await expectDirection(page, lang);
      const found: Record<string, string[]> = {};
      for (const [screen, url] of await screensOf(page)) {
        await page.goto(url);
        await expect(page.locator('main')).toBeVisible();
        // Content has arrived: no loader and no busy region left.
        await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[screen] = violations;
      }
      if (width === 'phone') {
        // The menu a phone opens with the burger, with the language switch under it.
        await page.goto('/');
        await page.getByRole('button', { name: t(lang, 'nav.toggleNavigation') }).click();
        const nav = page.getByRole('navigation');
        await expect(nav.getByRole('link', { name: t(lang, 'nav.dashboard') })).toBeInViewport();
        await expect(nav.getByRole('radiogroup', { name: t(lang, 'language.label') })).toBeInViewport();
        await page.waitForTimeout(300);
        const menu = await seriousViolations(page);
        if (menu.length > 0) found['navigation menu'] = menu;
      }
      // A menu and a dialog open: the quick actions, then the new project form.
      await page.goto('/projects');
      await page.getByRole('button', { name: new RegExp(t(lang, 'actions.quickActions')) }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      // Scanned once it has finished fading in, as the dialog below.
      await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
      await page.waitForTimeout(300);
      const menu = await seriousViolations(page);
      if (menu.length > 0) found['quick actions menu'] = menu;
      await page.getByRole('menuitem', { name: t(lang, 'actions.newProject') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: t(lang, 'actions.close') })).toBeVisible();
      // Scanned once it has finished fading in: colours mid-transition are not what anyone reads.
      await expect(dialog).toHaveCSS('opacity', '1');
      await page.waitForTimeout(300);
      const form = await seriousViolations(page);
      if (form.length > 0) found['new project dialog'] = form;
      console.log(`axe ${lang} ${width}: ${Object.values(found).flat().length} serious or critical rule(s) over ${Object.keys(found).length} screen(s)`);
      expect(found).toEqual({});
    });
  }
}
