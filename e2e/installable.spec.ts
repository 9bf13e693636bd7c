// The installed app: Chromium finds nothing missing to install it (manifest in the page's
// language, icons, service worker), and once a page has been opened the app opens again with no
// network, from the files its service worker keeps. A persistent profile, as an installed app
// has: a private window cannot install anything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, expectDirection, shot, signIn, t, type Lang } from './support.ts';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const BASE = `http://localhost:${PORT}`;
const PHONE = { width: 390, height: 844 };

async function openProfile(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    baseURL: BASE,
    viewport: PHONE,
  });
}

/** Waits until the service worker has installed and controls the page (it registers after load). */
async function controlledBy(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 30_000 })
    .toBe('activated');
  // The first version takes the pages opened after it, not the one that installed it. (A reload
  // from automation skips the service worker, as a forced reload does: the address is opened again.)
  await page.goto(page.url());
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`the app installs, and opens with no network once it has been opened, in ${lang}`, async () => {
    test.setTimeout(120_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-profile-'));
    const context = await openProfile(dir);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.addInitScript((l) => {
        if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', l);
      }, lang);
      await page.goto('/login');
      await expectDirection(page, lang);
      await controlledBy(page);

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
      expect(manifest.errors).toEqual([]);
      expect(new URL(manifest.url).pathname).toBe(`/manifest-${lang}.webmanifest`);
      const parsed = JSON.parse(manifest.data) as { lang: string; dir: string; start_url: string };
      expect(parsed).toMatchObject({ lang, dir: lang === 'ar' ? 'rtl' : 'ltr', start_url: '/' });

      // No network: the sign-in page still opens, in its language.
      await context.setOffline(true);
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: t(lang, 'login.title') })).toBeVisible();
      await expectDirection(page, lang);
      await shot(page, `${lang}-offline-sign-in`);

      // Signed in while online, the start address opens offline too: the shell, in the language.
      await context.setOffline(false);
      await signIn(page, lang, DEMO.username, DEMO.password);
      await context.setOffline(true);
      await page.goto('/');
      await expectDirection(page, lang);
      await expect(page.getByRole('button', { name: t(lang, 'actions.retry') })).toBeVisible();
      await shot(page, `${lang}-offline-start`);
    } finally {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
