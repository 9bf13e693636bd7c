// Helpers for the journeys: the app's own translations (so a journey runs in either language),
// sign-in, screenshots saved with the test results, an accessibility scan, and the API calls
// that set a journey up (a member, a zone where the day's plans are open, today's schedule).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type Lang = 'en' | 'ar';
type Tree = { [key: string]: string | Tree };

const WEB_SRC = path.resolve(import.meta.dirname, '../apps/web/src');

function localeFiles(dir: string, lang: Lang, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) localeFiles(full, lang, found);
    else if (entry.name === `${lang}.json` && path.basename(dir) === 'locales') found.push(full);
  }
  return found;
}

function merge(into: Tree, from: Tree) {
  for (const [k, v] of Object.entries(from)) {
    if (typeof v === 'object' && typeof into[k] === 'object') merge(into[k] as Tree, v);
    else into[k] = v;
  }
  return into;
}

const catalogues: Record<Lang, Tree> = { en: {}, ar: {} };
for (const lang of ['en', 'ar'] as const) {
  for (const file of localeFiles(WEB_SRC, lang)) merge(catalogues[lang], JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** The text the app shows for `key` in `lang`, with {{placeholders}} filled. */
export function t(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const found = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), catalogues[lang]);
  if (typeof found !== 'string') throw new Error(`No ${lang} translation for ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** Starts the page in a language, as a returning user who chose it would. */
export async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', l);
  }, lang);
}

/** A full-page screenshot to look at later; skipped in CI (where nobody does) unless E2E_SCREENS is set. */
export async function shot(page: Page, name: string) {
  if (process.env.CI && !process.env.E2E_SCREENS) return;
  await page.screenshot({ path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

export async function expectDirection(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

export async function signIn(page: Page, lang: Lang, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(t(lang, 'login.username')).fill(username);
  await page.getByLabel(t(lang, 'login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
  // Signed in: the menu's first link shows, or on a phone the burger that opens the menu.
  await expect(
    page
      .getByRole('navigation')
      .getByText(t(lang, 'nav.dashboard'))
      .or(page.getByRole('button', { name: t(lang, 'nav.toggleNavigation') })),
  ).toBeVisible();
}

/** A token for API calls made to set up a journey. */
export async function apiToken(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/authenticate', { data: { username, password } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { id_token: string }).id_token;
}

export const DEMO = { username: 'demo', password: 'demo1234' };
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Fails on any serious or critical axe-core violation of the page as it is now. */
export async function expectAccessible(page: Page, screen: string) {
  // A dialog or menu still fading in or out has colours part-way: axe would judge those. Waits
  // (two seconds at most) until no transition or finite animation runs; a spinner's never ends.
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
      null,
      { timeout: 2_000, polling: 50 },
    )
    .catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect(serious, `accessibility of ${screen}`).toEqual([]);
}

/**
 * Through the API, as an admin whose `token` is given: invites a new e-mail to a site and
 * activates the account by its key with `password`, as the person would, so they sign in with it
 * and go straight to work. Answers the new member's user id and username.
 */
export async function addActiveMember(
  request: APIRequestContext,
  token: string,
  siteId: number,
  person: { name: string; email: string; password: string; position?: string },
) {
  const headers = { authorization: `Bearer ${token}` };
  const invited = await request.post(`/api/v1/teams/${siteId}/users`, {
    headers,
    data: { name: person.name, email: person.email, password: person.password, position: person.position ?? 'Inspector', role: 'MEMBER' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const found = (await (await request.get(`/api/v2/business-members?page=0&size=5&searchKey=${encodeURIComponent(person.email)}`, { headers })).json()) as {
    userId: number;
    email: string;
  }[];
  const userId = found.find((m) => m.email === person.email)!.userId;
  const key = (await (await request.post(`/api/v1/users/${userId}/activation-key`, { headers })).json()) as { activationKey: string };
  const activated = await request.post('/api/v1/activate', { data: { key: key.activationKey, name: person.name, password: person.password } });
  expect(activated.status(), await activated.text()).toBe(200);
  // The account signs in with its username: one a business made does not claim the e-mail.
  return { userId, username: ((await activated.json()) as { username: string }).username };
}

/** A real PNG (the server checks uploads by content), each pixel's colour given by `colour(x, y)`. */
export function png(width: number, height: number, colour: (x: number, y: number) => readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, truecolour
  const rows = Array.from({ length: height }, (_, y) => Buffer.from([0, ...Array.from({ length: width }, (_, x) => colour(x, y)).flat()]));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

export const WORKFLOW = '/services/workflow/api';

/** An API call as `token`'s owner that must succeed; answers the parsed body (null for 204). */
export async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (res.status() === 204 ? null : await res.json()) as T;
}

/**
 * A fixed-offset zone where it is about 14:00 now, so a plan from 06:00 to midnight is open
 * whatever the time CI runs (Etc/GMT-N is N hours ahead of UTC), and today's date there.
 */
export function daytimeZone(now = new Date()): { zone: string; today: string } {
  const offset = 14 - now.getUTCHours();
  const zone = offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
  return { zone, today: new Date(now.getTime() + offset * 3_600_000).toISOString().slice(0, 10) };
}

/** Puts the owner's business into a daytime zone (see `daytimeZone`); answers today's date there. */
export async function moveToDaytimeZone(request: APIRequestContext, token: string): Promise<string> {
  const account = await call<{ businessIdentities: { businessId: number }[] }>(request, token, 'GET', '/api/v1/account');
  const businessId = account.businessIdentities[0].businessId;
  const business = await call<{ name: string; colour: string | null; industryId?: number | null }>(request, token, 'GET', `/api/v1/businesses/${businessId}`);
  const { zone, today } = daytimeZone();
  await call(request, token, 'PUT', `/api/v1/businesses/${businessId}`, {
    name: business.name,
    colour: business.colour,
    industryId: business.industryId ?? null,
    timeZone: zone,
  });
  return today;
}

/**
 * Through the API: a plan of `taskId` for one member at a site, once, today from 06:00 to
 * midnight with a day to answer (`startTime` moves the start); answers the member's schedules of
 * that task, by start.
 */
export async function planToday(
  request: APIRequestContext,
  token: string,
  plan: { taskId: number; siteId: number; userId: number; today: string; startTime?: string },
): Promise<{ id: number; start: string; deadline: string; status: string; planId: number }[]> {
  await call(request, token, 'POST', `${WORKFLOW}/v1/execution-plans/assignType/GROUP/create`, {
    taskId: plan.taskId,
    teamId: plan.siteId,
    userIds: [plan.userId],
    scheduleType: 'ONCE',
    startDate: plan.today,
    startTime: plan.startTime ?? '06:00',
    endTime: '24:00',
    deadlineAfter: 1,
    deadlineUnit: 'DAYS',
  });
  return call(request, token, 'GET', `${WORKFLOW}/schedules?task=${plan.taskId}&users=${plan.userId}&sort=start`);
}
