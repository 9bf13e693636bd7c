// Every main screen of the demo business, each tab of its detail pages, and the menus and dialogs
// those screens open, in English and in Arabic, at a desktop (1366×768) and a phone (390×844)
// width, scanned with axe-core for WCAG 2.2 AA: no serious or critical violation.
// A screen is scanned once its content has arrived (no loader left); a menu or a dialog once it has
// finished fading in, and only the layer itself (the page under it was scanned just before). The
// tabs are reached by clicking them and the layers by opening them on the page already shown, so
// the sweep loads each page once. Each run prints its count, and a failure names every screen or
// open state with what axe found there; AXE_VERBOSE=1 prints each one's count as it is scanned.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, DEMO, expectDirection, signIn, t, useLanguage, type Lang } from './support.ts';

const WORKFLOW = '/services/workflow/api';
const HELPDESK = '/services/helpdesk/api';
const WIDTHS = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// A layer that does not open fails at once, naming it, rather than at the sweep's time limit.
test.use({ actionTimeout: 10_000 });

/**
 * A layer a screen opens: a menu (its trigger named by a translation key; with `{{name}}` in the
 * text, any trigger whose name has the text around it, the first one or the `nth`), then the
 * dialogs that some of its items open; or a dialog (or drawer) opened by a button of the page.
 */
type Layer = { menu: string; items?: string[]; nth?: number } | { dialog: string };

interface Screen {
  name: string;
  url: string;
  /** Layers of the screen as loaded. */
  layers?: Layer[];
  /** Further tabs of the page, each clicked (by its label's key) and scanned with its layers. */
  tabs?: { tab: string; layers?: Layer[] }[];
}

/** The first id of a list call. */
async function firstId(page: Page, token: string, url: string): Promise<number> {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${url}: ${res.status()}`).toBeTruthy();
  const rows = (await res.json()) as { id?: number; userId?: number }[];
  expect(rows.length, url).toBeGreaterThan(0);
  return rows[0].id ?? rows[0].userId!;
}

const CONTEXT_MENU_ITEMS = ['actions.edit', 'actions.delete'];

async function screensOf(page: Page): Promise<Screen[]> {
  const token = await apiToken(page.request, DEMO.username, DEMO.password);
  const [project, site, member, task, schedule, ticket] = await Promise.all([
    firstId(page, token, '/api/v1/projects?page=0&size=1'),
    firstId(page, token, '/api/v1/teams?page=0&size=1'),
    // The second member: the first is the owner, whose menu offers less.
    firstId(page, token, '/api/v2/business-members?page=1&size=1'),
    firstId(page, token, `${WORKFLOW}/v1/tasks?page=0&size=1`),
    firstId(page, token, `${WORKFLOW}/v2/schedules?page=0&size=1`),
    firstId(page, token, `${HELPDESK}/v1/tickets?page=0&size=1`),
  ]);
  return [
    { name: 'dashboard', url: '/' },
    {
      name: 'projects',
      url: '/projects',
      layers: [{ dialog: 'actions.newProject' }, { menu: 'projects.table.menuOf', items: CONTEXT_MENU_ITEMS }],
    },
    {
      name: 'project',
      url: `/projects/${project}`,
      tabs: [{ tab: 'tabs.settings' }, { tab: 'tabs.sites', layers: [{ menu: 'projects.sites.menuOf' }] }],
    },
    { name: 'sites', url: '/sites', layers: [{ dialog: 'actions.newSite' }, { menu: 'sites.table.menuOf', items: CONTEXT_MENU_ITEMS }] },
    {
      name: 'site',
      url: `/sites/${site}`,
      tabs: [
        {
          tab: 'tabs.members',
          layers: [{ dialog: 'sites.members.invite' }, { dialog: 'sites.members.assign' }, { menu: 'sites.members.menuOf' }],
        },
        { tab: 'tabs.settings' },
        { tab: 'tabs.transfer' },
      ],
    },
    {
      name: 'members',
      url: '/members',
      layers: [
        { menu: 'members.actions.invite', items: ['members.actions.inviteToSite', 'members.actions.inviteToSites'] },
        { dialog: 'members.actions.assignToSite' },
        // The second member's: the first is the owner, whose menu offers less.
        { menu: 'members.table.menuOf', nth: 1, items: ['actions.edit', 'members.actions.resetPassword', 'actions.delete'] },
      ],
      tabs: [{ tab: 'members.tabs.invitations' }],
    },
    {
      name: 'member',
      url: `/members/${member}`,
      layers: [{ menu: 'members.table.menuOf' }],
      tabs: [
        { tab: 'tabs.sites', layers: [{ menu: 'members.sites.menuOf' }] },
        { tab: 'members.tasks.tab' },
        { tab: 'tabs.performance' },
        { tab: 'tabs.transfer' },
      ],
    },
    { name: 'tasks', url: '/tasks', layers: [{ menu: 'tasks.table.menuOf', items: ['actions.delete'] }] },
    { name: 'new task', url: '/tasks/new' },
    { name: 'task templates', url: '/tasks/templates', layers: [{ dialog: 'tasks.templates.preview' }] },
    {
      name: 'task',
      url: `/tasks/${task}`,
      layers: [{ dialog: 'actions.delete' }, { dialog: 'tasks.actions.add' }, { menu: 'tasks.actions.menuOf', items: CONTEXT_MENU_ITEMS }],
      tabs: [
        { tab: 'tasks.detail.previewTab' },
        { tab: 'tasks.detail.plansTab', layers: [{ dialog: 'tasks.plans.new' }, { menu: 'tasks.plans.menuOf' }] },
        { tab: 'tasks.detail.answersTab', layers: [{ dialog: 'tasks.answers.fireTicket' }] },
        { tab: 'tabs.settings' },
        { tab: 'tabs.performance' },
      ],
    },
    { name: 'tracker', url: '/tracker' },
    { name: 'schedule', url: `/tracker/${schedule}` },
    {
      name: 'reports',
      url: '/reports',
      layers: [{ menu: 'reports.filters.presets' }, { menu: 'reports.export.button', items: ['reports.export.links'] }, { dialog: 'reports.openAnswer' }],
    },
    {
      name: 'business',
      url: '/business',
      tabs: [
        {
          tab: 'business.ticketCategories',
          layers: [{ dialog: 'business.categories.add' }, { menu: 'business.categories.menuOf', items: CONTEXT_MENU_ITEMS }],
        },
        // New tag is unavailable: the demo business has its 3 tags; renaming one opens the same form.
        { tab: 'business.tags.title', layers: [{ menu: 'business.tags.menuOf', items: ['business.tags.viewActions', ...CONTEXT_MENU_ITEMS] }] },
        { tab: 'business.calendar.tab' },
      ],
    },
    { name: 'settings', url: '/settings' },
    { name: 'profile', url: '/profile', layers: [{ dialog: 'profile.sessions.signOutEverywhere' }] },
    { name: 'invitations', url: '/invitations' },
    { name: 'tickets', url: '/tickets', layers: [{ dialog: 'tickets.new' }, { menu: 'tickets.card.menu' }] },
    { name: 'ticket', url: `/tickets/${ticket}` },
  ];
}

interface Found {
  /** Serious and critical violations, one line each. */
  lines: string[];
  nodes: number;
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical violations of the page as it is now, or of one layer of it. axe-core is
 * put into a page once, not before every scan, and only violations are gathered: the sweep's
 * time goes to scanning.
 */
async function seriousViolations(page: Page, layer?: string): Promise<Found> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    ([include, tags]) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(include ? { include: [include] } : document, {
          runOnly: { type: 'tag', values: tags },
          // WCAG 2.5.3 (label in name): a control's accessible name holds its visible text. axe-core
          // keeps this rule among its experimental ones, off unless asked for.
          rules: { 'label-content-name-mismatch': { enabled: true } },
          resultTypes: ['violations'],
        })
        .then((results) => results.violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map((n) => n.target.join(' ')) }))),
    [layer ?? null, WCAG_TAGS] as const,
  );
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return {
    lines: serious.map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 3).join(' | ')}`),
    nodes: serious.reduce((sum, v) => sum + v.nodes.length, 0),
  };
}

/** The name a key gives: the text itself, or, with a `{{placeholder}}`, any name around it. */
function nameOf(lang: Lang, key: string): string | RegExp {
  const text = t(lang, key, { name: '\u0000', title: '\u0000' });
  if (!text.includes('\u0000')) return text;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${text.split('\u0000').map(escape).join('.+')}$`);
}

/** Waits for a layer to finish fading in: colours mid-transition are not what anyone reads. */
async function settled(layer: Locator) {
  await expect(layer).toBeVisible();
  await expect(layer).toHaveCSS('opacity', '1');
  await layer.page().waitForTimeout(250);
}

async function closeLayer(page: Page, layer: Locator) {
  await page.keyboard.press('Escape');
  await expect(layer).toBeHidden();
}

const MENU = '[role="menu"]';
const DIALOG = '[role="dialog"]';

/** Opens each layer on the page as it is, scans it and closes it; `record` keeps what was found. */
async function sweepLayers(page: Page, lang: Lang, where: string, layers: Layer[], record: (state: string, found: Found) => void) {
  const main = page.locator('main');
  for (const layer of layers) {
    if ('menu' in layer) {
      const trigger = main.getByRole('button', { name: nameOf(lang, layer.menu) }).nth(layer.nth ?? 0);
      const open = async () => {
        await trigger.scrollIntoViewIfNeeded();
        await trigger.click();
        const menu = page.locator(MENU).last();
        await settled(menu);
        return menu;
      };
      const menu = await open();
      record(`${where}: ${layer.menu} menu`, await seriousViolations(page, MENU));
      await closeLayer(page, menu);
      for (const item of layer.items ?? []) {
        await open();
        await page.getByRole('menuitem', { name: nameOf(lang, item) }).click();
        const dialog = page.locator(DIALOG).last();
        await settled(dialog);
        record(`${where}: ${layer.menu} → ${item} dialog`, await seriousViolations(page, DIALOG));
        await closeLayer(page, dialog);
      }
    } else {
      const name = nameOf(lang, layer.dialog);
      // By its name, or by the words it shows where its name says more ("Fire ticket from …").
      const opener = main
        .getByRole('button', { name })
        .or(main.getByRole('button').filter({ hasText: name }))
        .first();
      await opener.scrollIntoViewIfNeeded();
      await opener.click();
      const dialog = page.locator(DIALOG).last();
      await settled(dialog);
      record(`${where}: ${layer.dialog} dialog`, await seriousViolations(page, DIALOG));
      await closeLayer(page, dialog);
    }
  }
}

async function contentArrived(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  for (const [width, viewport] of Object.entries(WIDTHS)) {
    test(`every main screen, tab, menu and dialog is accessible in ${lang} at ${width} width`, async ({ page }) => {
      test.setTimeout(420_000);
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      await signIn(page, lang, DEMO.username, DEMO.password);
      await expectDirection(page, lang);
      const found: Record<string, string[]> = {};
      let nodes = 0;
      let states = 0;
      const started = Date.now();
      const record = (state: string, result: Found) => {
        states += 1;
        nodes += result.nodes;
        if (process.env.AXE_VERBOSE) console.log(`${((Date.now() - started) / 1000).toFixed(1)}s ${state}: ${result.nodes}`);
        if (result.lines.length > 0) found[state] = result.lines;
      };
      for (const screen of await screensOf(page)) {
        await page.goto(screen.url);
        await contentArrived(page);
        record(screen.name, await seriousViolations(page));
        await sweepLayers(page, lang, screen.name, screen.layers ?? [], record);
        for (const { tab, layers } of screen.tabs ?? []) {
          await page.getByRole('tab', { name: t(lang, tab) }).click();
          await expect(page.getByRole('tab', { name: t(lang, tab) })).toHaveAttribute('aria-selected', 'true');
          await contentArrived(page);
          const where = `${screen.name} › ${t('en', tab)}`;
          record(where, await seriousViolations(page));
          await sweepLayers(page, lang, where, layers ?? [], record);
        }
      }

      // The shell's own layers: the account menu, the quick actions with the dialog they open,
      // and on a phone the navigation the burger opens, with the language switch under it.
      await page.goto('/projects');
      await contentArrived(page);
      const account = page
        .getByRole('banner')
        .getByRole('button', { name: new RegExp(`^(${t(lang, 'user.menu')}|${t(lang, 'user.menuWithInvitations', { count: '\\d+' })})$`) });
      await account.click();
      const accountMenu = page.locator(MENU);
      await settled(accountMenu);
      record('account menu', await seriousViolations(page, MENU));
      await closeLayer(page, accountMenu);
      await page.getByRole('button', { name: new RegExp(t(lang, 'actions.quickActions')) }).click();
      const quick = page.locator(MENU);
      await settled(quick);
      record('quick actions menu', await seriousViolations(page, MENU));
      await page.getByRole('menuitem', { name: t(lang, 'actions.newProject') }).click();
      const dialog = page.getByRole('dialog');
      await settled(dialog);
      record('quick actions → new project dialog', await seriousViolations(page, DIALOG));
      await closeLayer(page, dialog);
      if (width === 'phone') {
        await page.getByRole('button', { name: t(lang, 'nav.toggleNavigation') }).click();
        const nav = page.getByRole('navigation');
        await expect(nav.getByRole('link', { name: t(lang, 'nav.dashboard') })).toBeInViewport();
        await expect(nav.getByRole('radiogroup', { name: t(lang, 'language.label') })).toBeInViewport();
        await page.waitForTimeout(300);
        record('navigation menu', await seriousViolations(page));
      }
      console.log(
        `axe ${lang} ${width}: ${nodes} serious or critical node(s), ${Object.values(found).flat().length} rule(s) over ${Object.keys(found).length} of ${states} screens and open states`,
      );
      expect(found).toEqual({});
    });
  }
}
