// The installed app: Chromium finds nothing missing to install it (manifest in the page's
// language, icons, service worker), and once a page has been opened the app opens again with no
// network, from the files its service worker keeps. A persistent profile, as an installed app
// has: a private window cannot install anything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, expectDirection, shot, signIn, t, type Lang } from './support.ts';

/** The built app the journeys' server sends (playwright.config.ts). */
const WEB_ROOT = process.env.WEB_ROOT ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const PHONE = { width: 390, height: 844 };

async function openProfile(dir: string, userAgent?: string): Promise<BrowserContext> {
  // The journeys' Chromium, its flags and the server's address (playwright.config.ts).
  const { launchOptions, baseURL } = test.info().project.use;
  return chromium.launchPersistentContext(dir, {
    executablePath: launchOptions?.executablePath,
    // A phone's browser is one as a whole: its service worker's own requests say so too.
    args: [...(launchOptions?.args ?? []), ...(userAgent ? [`--user-agent=${userAgent}`] : [])],
    userAgent,
    baseURL,
    viewport: PHONE,
    // The journeys' configuration blocks them; here they are what is tested.
    serviceWorkers: 'allow',
  });
}

/** Whether the device store holds the signed-in session (lib/offline/device-copy.ts). */
async function sessionKept(): Promise<boolean> {
  // Opening a database that does not exist would create it empty: look first.
  if (!(await indexedDB.databases()).some((known) => known.name === 'fieldops-device')) return false;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('fieldops-device');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    if (!db.objectStoreNames.contains('meta')) return false;
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const request = db.transaction('meta').objectStore('meta').getAllKeys();
      request.onsuccess = () => resolve(request.result);
    });
    return keys.includes('session');
  } finally {
    db.close();
  }
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
      await cdp.detach();

      // No network: the sign-in page still opens, in its language.
      await context.setOffline(true);
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: t(lang, 'login.title') })).toBeVisible();
      await expectDirection(page, lang);
      await shot(page, `${lang}-offline-sign-in`);

      // Signed in while online, the start address opens offline too: the app with the session
      // kept on the device, in the language, saying it is offline and where work goes on.
      await context.setOffline(false);
      await signIn(page, lang, DEMO.username, DEMO.password);
      // Once the session is kept on the device (a moment after it loads).
      await expect.poll(() => page.evaluate(sessionKept), { timeout: 15_000 }).toBe(true);
      await context.setOffline(true);
      await page.goto('/');
      await expectDirection(page, lang);
      await expect(page.getByRole('status').filter({ hasText: t(lang, 'offlineBar.text') })).toBeVisible();
      await expect(page.getByRole('link', { name: t(lang, 'offlineBar.tracker') })).toBeVisible();
      await shot(page, `${lang}-offline-start`);
    } finally {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a newly deployed version is offered, and taken only when the person reloads into it', async () => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-profile-'));
  const worker = path.join(WEB_ROOT, 'sw.js');
  const deployed = fs.readFileSync(worker, 'utf8');
  const context = await openProfile(dir);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await controlledBy(page);
    const version = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.state);
    expect(before).toBe('activated');

    // A new version on the server: its service worker differs by a byte.
    fs.writeFileSync(worker, `${deployed}\n// next version\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: t('en', 'update.ready') });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    // Until then the page runs the version it opened with; the new one waits.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

    const reloaded = page.waitForEvent('framenavigated');
    await prompt.getByRole('button', { name: t('en', 'update.reload') }).click();
    await reloaded;
    await page.waitForLoadState('load');
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)), { timeout: 30_000 }).toBe(false);
    await expect(page.getByRole('heading', { name: t('en', 'login.title') })).toBeVisible();
    await expect(prompt).toBeHidden();
    expect(await version()).toMatch(/\/sw\.js$/);
  } finally {
    fs.writeFileSync(worker, deployed);
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a phone that has opened the app gets its dashboard drawn by the server again, through the service worker, and the kept page offline', async () => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-profile-'));
  const context = await openProfile(dir, devices['Pixel 7'].userAgent);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, 'en', DEMO.username, DEMO.password);
    await expect.poll(() => page.evaluate(sessionKept), { timeout: 15_000 }).toBe(true);
    await page.goto('/');
    await controlledBy(page);

    // Online, `/` is the page the server drew with the dashboard in it, answered through the worker.
    const drawn = await page.goto('/');
    expect(drawn?.fromServiceWorker()).toBe(true);
    expect(await drawn?.text()).toContain('data-first-screen="en"');
    const overview = page.getByRole('region', { name: t('en', 'dashboard.overview.title') });
    await expect(overview.getByTestId('stat-projects-value')).toHaveText('3');

    // With no network, the kept page opens, and the app says it is offline.
    await context.setOffline(true);
    const kept = await page.goto('/');
    expect(kept?.fromServiceWorker()).toBe(true);
    expect(await kept?.text()).not.toContain('data-first-screen=');
    await expect(page.getByRole('status').filter({ hasText: t('en', 'offlineBar.text') })).toBeVisible();
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
