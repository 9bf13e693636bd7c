// Speed on a phone: the built app served by the compiled server (`npm run build` first), opened in
// Chromium (/usr/bin/chromium, or CHROME_PATH) as a phone (390×844, touch) with the processor
// slowed 4× (CDP Emulation.setCPUThrottlingRate), signed in through the page's storage.
// - The task runner: a member's schedule of a task with 9, 60 and 200 actions (text, yes/no,
//   single choice, check, number, with a few chain rules). Latency of each keystroke typed into a
//   text answer and of each tap on a yes/no button or a choice, from the browser's Event Timing
//   entries (input delay + handlers + the next paint, per interaction). Each figure is printed
//   beside its goal, MET or MISSED: p95 ≤ 100 ms, and flat as the task grows (the median on the
//   largest task at most 16 ms over the smallest's); the load average of the machine beside each
//   row, as it weighs on every figure.
// - The ticket board: businesses with 10, 2,000 and 10,000 tickets spread over the five statuses.
//   Time from navigation to the first card, and to the first card of every column (the median of
//   five loads, INTERACTION_LOADS to change it, each in a fresh browser context), and to the end
//   of the last long task before a second without one (the page has settled: a board the server
//   drew has then been taken over by the app); latency of a tap on "Load more" and on a card's
//   menu button (and Escape to close it), once the page has settled.
// The data: the demo business (runner) written by the server on a fresh embedded database; the
// ticket businesses written straight into that database while the server is stopped, then the
// server is started again on it. The ticket list's first page is also timed over HTTP, without a
// browser, to show what the server's part is.
// Each phone opens as a returning signed-in phone does: its sign-in in local storage and the cookie
// the app's session call leaves, by which the server draws the pages it draws for a phone (`/` and
// `/tickets`, apps/server/src/plugins/first-screen.ts); INTERACTION_FIRST_SCREEN=0 leaves the
// cookie out, so the app draws every page itself.
// INTERACTION_LANG=ar runs in Arabic; INTERACTION_ONLY=runner or board measures one of them;
// INTERACTION_RAW=1 prints each interaction recorded, in order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, type Browser, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { must } from '@fieldops/shared/must';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { createBusinessFor } from '../apps/server/src/modules/main/onboarding/onboarding.service.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../apps/server/src/seed/demo.ts';
import { startServer, type ServerProcess } from '../apps/server/src/test/server-process.ts';
import { CHROME, missingForBrowserBench, WEB_ROOT } from './lib/built-app.ts';
import { API_KEY_HEADER, STORAGE_KEYS } from '../packages/shared/src/limits.ts';

const LANG = process.env.INTERACTION_LANG === 'ar' ? 'ar' : 'en';
const ONLY = process.env.INTERACTION_ONLY;
const CPU_SLOWDOWN = 4;
const PHONE = { width: 390, height: 844 };
/** A phone's browser says it is one (the server draws first screens only for a phone). */
const PHONE_AGENT = devices['Pixel 7'].userAgent;
const FIRST_SCREEN = process.env.INTERACTION_FIRST_SCREEN !== '0';
const RUNNER_SIZES = [9, 60, 200];
const BOARD_SIZES = [10, 2_000, 10_000];
/** `growthMs`: how much more the median keystroke or tap may take on the largest task than on the smallest (flat as it grows; Event Timing rounds to 8 ms). */
const GOALS = { interactionMs: 100, growthMs: 16, firstCardsMs: 1_500 };
/** How long without a long task tells that the page has settled. */
const QUIET_MS = 1_000;
const KEYSTROKES = 'Gate ok 42';
const TAPS = 10;
/** How many times the board is opened at each size for its load times (INTERACTION_LOADS). */
const BOARD_LOADS = Math.max(1, Number.parseInt(process.env.INTERACTION_LOADS ?? '', 10) || 5);
const PASSWORD = 'bench-pass-1';
const WORKFLOW = '/services/workflow/api';
/** The page's side of the measures, a plain browser script. */
const PROBE = path.join(import.meta.dirname, 'lib/interaction-probe.js');

const met = (ok: boolean) => (ok ? 'MET' : 'MISSED');
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const quantile = (values: number[], q: number) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};

// ---------------------------------------------------------------- the API, as the set-up calls it

interface Session {
  token: string;
  apiKey: string;
}

async function signIn(server: ServerProcess, username: string, password: string): Promise<Session> {
  const res = await fetch(`${server.url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { id_token: string }).id_token;
  const account = await call<{ businessIdentities: { apiKey: string }[] }>(server, { token, apiKey: '' }, 'GET', '/api/v1/account');
  return { token, apiKey: must(account.businessIdentities[0], `${username} has a business`).apiKey };
}

async function call<T>(server: ServerProcess, session: Session, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(session.apiKey ? { 'x-api-key': session.apiKey } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as T;
}

/** A zone where it is about 14:00 now, so a plan from 06:00 to midnight is open; and today's date there. */
function daytimeZone(now = new Date()) {
  const offset = 14 - now.getUTCHours();
  const zone = offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
  return { zone, today: new Date(now.getTime() + offset * 3_600_000).toISOString().slice(0, 10) };
}

// ---------------------------------------------------------------- the runner's data

const ACTION_TYPES = ['TEXT', 'YES_NO', 'SINGLE_CHOICE', 'CHECK', 'NUMBER'] as const;
const OPTIONS = [
  { labelEn: 'Clean', labelAr: 'نظيف' },
  { labelEn: 'Needs attention', labelAr: 'يحتاج عناية' },
  { labelEn: 'Out of order', labelAr: 'معطل' },
];

interface RunnerSetup {
  member: { username: string; password: string };
  scheduleBySize: Map<number, number>;
}

/**
 * As the demo owner: a site, a member, and for each size a task of that many actions planned for
 * the member today. Every tenth action shows only when the yes/no before it is answered "yes"
 * (the runner's chain rules stay in play).
 */
async function seedRunner(server: ServerProcess): Promise<RunnerSetup> {
  const owner = await signIn(server, DEMO_USERNAME, DEMO_PASSWORD);
  const account = await call<{ businessIdentities: { businessId: number }[] }>(server, owner, 'GET', '/api/v1/account');
  const businessId = must(account.businessIdentities[0], 'the demo owner has a business').businessId;
  const business = await call<{ name: string; colour: string | null; industryId?: number | null }>(server, owner, 'GET', `/api/v1/businesses/${businessId}`);
  const { zone, today } = daytimeZone();
  await call(server, owner, 'PUT', `/api/v1/businesses/${businessId}`, {
    name: business.name,
    colour: business.colour,
    industryId: business.industryId ?? null,
    timeZone: zone,
  });
  const projects = await call<{ id: number }[]>(server, owner, 'GET', '/api/v1/projects/all/business?page=0&size=1');
  const site = await call<{ id: number }>(server, owner, 'POST', '/api/v1/teams', { name: 'Bench site', projectId: must(projects[0], 'a project').id });
  const member = { name: 'Bench Member', email: 'bench.member@example.com', password: PASSWORD };
  await call(server, owner, 'POST', `/api/v1/teams/${site.id}/users`, { ...member, position: 'Inspector', role: 'MEMBER' });
  const found = await call<{ userId: number; email: string }[]>(
    server,
    owner,
    'GET',
    `/api/v2/business-members?page=0&size=5&searchKey=${encodeURIComponent(member.email)}`,
  );
  const userId = must(
    found.find((m) => m.email === member.email),
    'the invited member is listed',
  ).userId;
  const key = await call<{ activationKey: string }>(server, owner, 'POST', `/api/v1/users/${userId}/activation-key`);
  // The account signs in with the username its activation answers: one a business made does not claim the e-mail.
  const { username } = await call<{ username: string }>(server, { token: '', apiKey: '' }, 'POST', '/api/v1/activate', {
    key: key.activationKey,
    name: member.name,
    password: member.password,
  });

  const scheduleBySize = new Map<number, number>();
  for (const size of RUNNER_SIZES) {
    const task = await call<{ id: number }>(server, owner, 'POST', `${WORKFLOW}/v1/tasks`, { nameEn: `Checklist of ${size}`, nameAr: `قائمة من ${size}` });
    const ids: number[] = [];
    for (let i = 0; i < size; i++) {
      const type = ACTION_TYPES[i % ACTION_TYPES.length] ?? 'TEXT';
      const action = await call<{ id: number }>(server, owner, 'POST', `${WORKFLOW}/v1/actions`, {
        taskId: task.id,
        nameEn: `Check ${i + 1}`,
        nameAr: `فحص ${i + 1}`,
        type,
        required: true,
        options: type === 'SINGLE_CHOICE' ? OPTIONS : [],
      });
      ids.push(action.id);
    }
    // Action 9, 19, ... (a check) shows once the yes/no of action 7, 17, ... is "yes".
    for (let i = 8; i < size; i += 10) {
      await call(server, owner, 'PUT', `${WORKFLOW}/v1/actions/${ids[i]}/criteria`, {
        criteria: { condition: { baseActionId: ids[i - 2], answer: 'YES' }, visibility: 'DISPLAY' },
      });
    }
    await call(server, owner, 'POST', `${WORKFLOW}/v1/execution-plans/assignType/GROUP/create`, {
      taskId: task.id,
      teamId: site.id,
      userIds: [userId],
      scheduleType: 'ONCE',
      startDate: today,
      startTime: '06:00',
      endTime: '24:00',
      deadlineAfter: 1,
      deadlineUnit: 'DAYS',
    });
    const schedules = await call<{ id: number }[]>(server, owner, 'GET', `${WORKFLOW}/schedules?task=${task.id}&users=${userId}&sort=start`);
    scheduleBySize.set(size, must(schedules[0], `a schedule of the task of ${size}`).id);
  }
  return { member: { username, password: member.password }, scheduleBySize };
}

// ---------------------------------------------------------------- the board's data

/** A business of `count` tickets over the five statuses, three sites and its categories, written set-based. */
async function seedTickets(dataDir: string): Promise<Map<number, string>> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
  const owners = new Map<number, string>();
  try {
    const db = database.db;
    const passwordHash = await hashPassword(PASSWORD);
    for (const count of BOARD_SIZES) {
      const username = `tickets${count}.owner`;
      const [owner] = await db
        .insert(users)
        .values({ username, email: `${username}@example.com`, fullName: 'Helpdesk Owner', passwordHash, activated: true })
        .returning({ id: users.id });
      const ownerId = must(owner, 'an insert returns its row').id;
      const business = await createBusinessFor(db, ownerId, { name: `Helpdesk ${count}` });
      const b = business.id;
      await db.execute(sql`insert into projects (business_id, name) values (${b}, 'Towers')`);
      await db.execute(sql`
        insert into teams (business_id, project_id, name)
        select ${b}, p.id, 'Tower ' || g from generate_series(1, 3) g cross join (select id from projects where business_id = ${b}) p`);
      await db.execute(sql`
        with c as (select id, row_number() over (order by id) - 1 as rn, count(*) over () as n from ticket_categories where business_id = ${b}),
             t as (select id, project_id, row_number() over (order by id) - 1 as rn from teams where business_id = ${b})
        insert into tickets (business_id, title, description, category_id, priority, status, project_id, team_id, agent_id, creator_id, created_date, updated_date)
        select ${b}, 'Ticket ' || g || ': the lift on floor ' || (g % 30) || ' stops between floors',
               'Reported by the night shift; the lift stops between floors and the alarm does not ring.',
               c.id, (array['NO_PRIORITY','LOW','MEDIUM','HIGH','URGENT'])[1 + g % 5],
               (array['NEW','IN_PROGRESS','ON_HOLD','RESOLVED','CLOSED'])[1 + g % 5],
               t.project_id, t.id, case when g % 2 = 0 then ${ownerId}::bigint end, ${ownerId}::bigint,
               now() - make_interval(mins => g), now() - make_interval(mins => g)
        from generate_series(1, ${count}) g
        join c on c.rn = g % c.n
        join t on t.rn = g % 3`);
      owners.set(count, username);
    }
    await db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  return owners;
}

// ---------------------------------------------------------------- measuring in the page

/** Waits until the page has painted after the last input, and a little more for Event Timing to report. */
async function settle(page: Page) {
  await page.evaluate(
    // A string: this file is type-checked for Node.js, without the DOM's types.
    'new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 30)), 0)))',
  );
}

/** The interactions recorded so far, in order; clears them. */
async function takeInteractions(page: Page): Promise<number[]> {
  await page.waitForTimeout(150);
  return page.evaluate(() => {
    const probe = (globalThis as unknown as { __probe: { interactions: Map<number, number> } }).__probe;
    const found = [...probe.interactions.entries()].sort((a, b) => a[0] - b[0]).map(([, duration]) => duration);
    probe.interactions.clear();
    return found;
  });
}

/** The cookie the app's session call leaves on this device, as a browser keeps it. */
async function firstScreenCookie(server: ServerProcess, session: Session) {
  const res = await fetch(`${server.url}/api/v1/account/session`, {
    headers: { authorization: `Bearer ${session.token}`, [API_KEY_HEADER]: session.apiKey, 'accept-language': LANG },
  });
  const kept = /^([^=]+)=([^;]*)/.exec(res.headers.get('set-cookie') ?? '');
  if (res.status !== 200 || !kept) throw new Error(`the session call answered ${res.status} without its cookie`);
  return { name: must(kept[1], 'a name'), value: must(kept[2], 'a value'), url: server.url, httpOnly: true, sameSite: 'Strict' as const };
}

async function openPhone(browser: Browser, server: ServerProcess, session: Session) {
  const context = await browser.newContext({
    viewport: PHONE,
    userAgent: PHONE_AGENT,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    serviceWorkers: 'block',
  });
  if (FIRST_SCREEN) await context.addCookies([await firstScreenCookie(server, session)]);
  await context.addInitScript(
    (entries) => {
      // Runs in the page (this file is type-checked for Node.js, without the DOM's types).
      const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
      for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
    },
    { [STORAGE_KEYS.token]: session.token, [STORAGE_KEYS.apiKey]: session.apiKey, [STORAGE_KEYS.language]: LANG },
  );
  await context.addInitScript({ path: PROBE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, base: server.url };
}

interface Latencies {
  count: number;
  median: number;
  p95: number;
  max: number;
}
const summary = (values: number[]): Latencies => ({
  count: values.length,
  median: quantile(values, 0.5),
  p95: quantile(values, 0.95),
  max: values.length === 0 ? NaN : Math.max(...values),
});
const cell = (l: Latencies) =>
  Number.isNaN(l.median) ? 'none recorded' : `${l.median.toFixed(0)} / ${l.p95.toFixed(0)} / ${l.max.toFixed(0)} ms (${met(l.p95 <= GOALS.interactionMs)})`;

async function measureRunner(browser: Browser, server: ServerProcess, session: Session, scheduleId: number, size: number) {
  const { context, page, base } = await openPhone(browser, server, session);
  try {
    await page.goto(`${base}/tracker/${scheduleId}`);
    const sections = page.locator('section[data-visibility]');
    await sections.first().waitFor({ timeout: 120_000 });
    await page.waitForTimeout(1_000);
    await takeInteractions(page);

    // Keystrokes into the first text answer, one at a time.
    const text = sections.nth(0).getByRole('textbox').first();
    await text.tap();
    await settle(page);
    await takeInteractions(page);
    for (const key of KEYSTROKES) {
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await settle(page);
    }
    const keys = await takeInteractions(page);

    // Taps, top to bottom: "yes" then "no" on the yes/no actions that no rule depends on, the first
    // option of the choice actions, the check actions.
    const yesLabel = LANG === 'ar' ? 'نعم' : 'Yes';
    const noLabel = LANG === 'ar' ? 'لا' : 'No';
    const targets = [];
    const actionNamed = (i: number) =>
      page.locator('section[data-visibility]', { has: page.getByText(LANG === 'ar' ? `فحص ${i + 1}` : `Check ${i + 1}`, { exact: true }) });
    for (let i = 0; i < size && targets.length < TAPS; i++) {
      const type = ACTION_TYPES[i % ACTION_TYPES.length];
      if (type === 'YES_NO' && i % 10 !== 6) {
        targets.push(actionNamed(i).getByRole('button', { name: yesLabel, exact: true }));
        targets.push(actionNamed(i).getByRole('button', { name: noLabel, exact: true }));
      }
      if (type === 'SINGLE_CHOICE') targets.push(actionNamed(i).getByRole('radio').first());
      if (type === 'CHECK' && i % 10 !== 8) targets.push(actionNamed(i).getByRole('checkbox').first());
    }
    const taps: number[] = [];
    for (const [index, target] of targets.entries()) {
      // Found and brought into view first, then touched where it is: a locator's tap looks
      // through the page's text for its target and checks what it hit, work (and the garbage it
      // leaves) that grows with the checklist and would be counted in the tap's latency.
      // In the middle of the screen, clear of the sticky header and submit bar.
      await target.evaluate((node) => (node as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'center' }));
      await settle(page);
      const box = await target.boundingBox();
      if (!box) throw new Error(`tap ${index + 1} on the task of ${size} actions has no target on screen`);
      await settle(page);
      await takeInteractions(page);
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await settle(page);
      taps.push(...(await takeInteractions(page)));
      // The touch landed on its target: the button is pressed, the choice or the check is on.
      const landed = await target.evaluate((node) => {
        const element = node as unknown as { checked?: boolean; getAttribute(name: string): string | null };
        return element.checked === true || element.getAttribute('aria-pressed') === 'true';
      });
      if (!landed) throw new Error(`tap ${index + 1} on the task of ${size} actions missed its target`);
    }
    if (process.env.INTERACTION_RAW) console.log(`${size} actions: keys ${keys.join(' ')} · taps ${taps.join(' ')}`);
    return { keys: summary(keys), taps: summary(taps) };
  } finally {
    await context.close();
  }
}

/** Opens the board and waits for every column's first card: the times of both from navigation. */
async function loadBoard(page: Page, base: string) {
  await page.goto(`${base}/tickets`);
  try {
    await page.waitForFunction(() => !Number.isNaN((globalThis as unknown as { __probe: { allColumns: number } }).__probe.allColumns), null, {
      timeout: 180_000,
      polling: 100,
    });
  } catch (err) {
    const shot = path.join(os.tmpdir(), `bench-interaction-board-${Date.now()}.png`);
    await page.screenshot({ path: shot });
    console.log(`the board did not show its cards (${page.url()}); screenshot ${shot}`);
    throw err;
  }
  // Settled: a second without a long task (at most a minute).
  await page
    .waitForFunction((quiet) => performance.now() - (globalThis as unknown as { __probe: { lastBusy: number } }).__probe.lastBusy >= quiet, QUIET_MS, {
      timeout: 60_000,
      polling: 100,
    })
    .catch(() => undefined);
  return page.evaluate(() => {
    const probe = (globalThis as unknown as { __probe: { firstCard: number; allColumns: number; lastBusy: number } }).__probe;
    const { document } = globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } };
    return {
      firstCard: probe.firstCard,
      allColumns: probe.allColumns,
      settled: Math.max(probe.allColumns, probe.lastBusy),
      cards: document.querySelectorAll('[data-ticket-id]').length,
    };
  });
}

/** The board opened `times` times, each in a fresh phone: its load times, in order. */
async function loadBoardTimes(browser: Browser, server: ServerProcess, session: Session, times: number) {
  const loads = [];
  for (let i = 0; i < times; i++) {
    const { context, page, base } = await openPhone(browser, server, session);
    try {
      loads.push(await loadBoard(page, base));
    } finally {
      await context.close();
    }
  }
  return loads;
}

async function measureBoard(browser: Browser, server: ServerProcess, session: Session) {
  const { context, page, base } = await openPhone(browser, server, session);
  try {
    const loaded = await loadBoard(page, base);
    await takeInteractions(page);

    const taps: number[] = [];
    // A card's menu opened and closed, on the first cards of the first column.
    const menus = page.locator('section[data-status="NEW"] [data-ticket-id] button[aria-haspopup]');
    for (let i = 0; i < Math.min(3, await menus.count()); i++) {
      const button = menus.nth(i);
      await button.scrollIntoViewIfNeeded();
      await settle(page);
      await takeInteractions(page);
      await button.tap();
      await settle(page);
      await page.keyboard.press('Escape');
      await settle(page);
      taps.push(...(await takeInteractions(page)));
    }
    // "Load more" in each column that has more, twice.
    const more: number[] = [];
    const loadMoreLabel = LANG === 'ar' ? /المزيد/ : /Load more/i;
    for (const status of ['NEW', 'IN_PROGRESS']) {
      for (let round = 0; round < 2; round++) {
        const button = page.locator(`section[data-status="${status}"]`).getByRole('button', { name: loadMoreLabel });
        if ((await button.count()) === 0) break;
        await button.scrollIntoViewIfNeeded();
        await settle(page);
        await takeInteractions(page);
        const before = await page.locator(`section[data-status="${status}"] [data-ticket-id]`).count();
        await button.tap();
        // The interaction is the tap; the page of tickets it asks for shows a moment later.
        await page.waitForFunction(
          ({ s, n }) =>
            (globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }).document.querySelectorAll(
              `section[data-status="${s}"] [data-ticket-id]`,
            ).length !== n,
          { s: status, n: before },
          { timeout: 60_000 },
        );
        await settle(page);
        more.push(...(await takeInteractions(page)));
      }
    }
    if (process.env.INTERACTION_RAW) console.log(`taps ${taps.join(' ')} · more ${more.join(' ')}`);
    return { ...loaded, taps: summary(taps), more: summary(more) };
  } finally {
    await context.close();
  }
}

/** The board's page as a phone with the first screen's cookie asks for it, over HTTP: median of 5 after 1. */
async function timeBoardPage(server: ServerProcess, session: Session) {
  const kept = await firstScreenCookie(server, session);
  const headers = { cookie: `${kept.name}=${kept.value}`, 'user-agent': PHONE_AGENT, accept: 'text/html' };
  const samples: number[] = [];
  for (let i = 0; i < 6; i++) {
    const start = performance.now();
    const res = await fetch(`${server.url}/tickets`, { headers });
    await res.arrayBuffer();
    if (i >= 1) samples.push(performance.now() - start);
  }
  return quantile(samples, 0.5);
}

/** The board's first call for one column, over HTTP without a browser: median of 10 after 2. */
async function timeFirstPage(server: ServerProcess, session: Session) {
  const url = `${server.url}/services/helpdesk/api/v1/tickets?ticketStatus=NEW&page=0&size=20&sort=updatedDate,desc`;
  const headers = { authorization: `Bearer ${session.token}`, 'x-api-key': session.apiKey };
  const samples: number[] = [];
  for (let i = 0; i < 12; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (i >= 2) samples.push(performance.now() - start);
  }
  return quantile(samples, 0.5);
}

export async function run() {
  const missing = missingForBrowserBench();
  if (missing) {
    console.log(missing);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-interaction-'));
  // PORT, when given, is where the server listens (another run on the same machine keeps its own).
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', DEMO: 'true', WEB_ROOT, ...(process.env.PORT ? { PORT: process.env.PORT } : {}) };
  let server = await startServer(env, 180_000, { compiled: true });
  let browser: Browser | null = null;
  try {
    console.log(
      `load average ${loadAverage()}; ${LANG === 'ar' ? 'Arabic' : 'English'}, phone ${PHONE.width}×${PHONE.height}, CPU ${CPU_SLOWDOWN}× slower, ` +
        `${FIRST_SCREEN ? "with the first screen's cookie" : "without the first screen's cookie"}`,
    );
    const started = Date.now();
    const runner = ONLY === 'board' ? null : await seedRunner(server);
    server.child.kill('SIGTERM');
    await server.exited;
    const owners = ONLY === 'runner' ? new Map<number, string>() : await seedTickets(dataDir);
    server = await startServer(env, 180_000, { compiled: true });
    console.log(`data written in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });

    if (runner) {
      const member = await signIn(server, runner.member.username, runner.member.password);
      console.log(
        `\nrunner (actions) | keystroke median / p95 / max (goal p95 ≤ ${GOALS.interactionMs} ms) | tap median / p95 / max (goal p95 ≤ ${GOALS.interactionMs} ms) | recorded | load average`,
      );
      const medians: { keys: number; taps: number }[] = [];
      for (const size of RUNNER_SIZES) {
        const figures = await measureRunner(browser, server, member, must(runner.scheduleBySize.get(size), 'seeded'), size);
        medians.push({ keys: figures.keys.median, taps: figures.taps.median });
        console.log(
          `${String(size).padStart(16)} | ${cell(figures.keys).padEnd(50)} | ${cell(figures.taps).padEnd(44)} | ${`${figures.keys.count} keys, ${figures.taps.count} taps`.padEnd(16)} | ${loadAverage()}`,
        );
      }
      // Flat as the task grows: the median on the largest task against the smallest's.
      const growth = (kind: 'keys' | 'taps') => {
        const first = must(medians[0], 'a size')[kind];
        const last = must(medians.at(-1), 'a size')[kind];
        const more = last - first;
        return `${first.toFixed(0)} → ${last.toFixed(0)} ms, ${more >= 0 ? '+' : ''}${more.toFixed(0)} ms (${met(more <= GOALS.growthMs)})`;
      };
      console.log(
        `flat from ${RUNNER_SIZES[0]} to ${RUNNER_SIZES.at(-1)} actions (goal: median ≤ ${GOALS.growthMs} ms more) | keystroke ${growth('keys')} | tap ${growth('taps')}`,
      );
    }
    if (owners.size > 0) {
      console.log(
        `\nboard (tickets) | first card, median of ${BOARD_LOADS} (goal ≤ ${GOALS.firstCardsMs / 1000} s), range | every column | settled | cards drawn | menu tap median / p95 / max | "load more" tap median / p95 / max | first page over HTTP | page over HTTP`,
      );
      for (const size of BOARD_SIZES) {
        const session = await signIn(server, must(owners.get(size), 'seeded'), PASSWORD);
        const http = await timeFirstPage(server, session);
        const pageHttp = FIRST_SCREEN ? await timeBoardPage(server, session) : NaN;
        const figures = await measureBoard(browser, server, session);
        // One load varies by a few tenths of a second on a shared machine: the median of several.
        const loads = [figures, ...(await loadBoardTimes(browser, server, session, BOARD_LOADS - 1))];
        const firstCard = quantile(
          loads.map((load) => load.firstCard),
          0.5,
        );
        const allColumns = quantile(
          loads.map((load) => load.allColumns),
          0.5,
        );
        const settled = quantile(
          loads.map((load) => load.settled),
          0.5,
        );
        const spread = (values: number[]) => `${(Math.min(...values) / 1000).toFixed(2)}–${(Math.max(...values) / 1000).toFixed(2)}`;
        console.log(
          `${String(size).padStart(15)} | ${`${(firstCard / 1000).toFixed(2)} s (${met(firstCard <= GOALS.firstCardsMs)}) ${spread(loads.map((load) => load.firstCard))}`.padEnd(36)} | ${`${(allColumns / 1000).toFixed(2)} s`.padEnd(12)} | ${`${(settled / 1000).toFixed(2)} s`.padEnd(7)} | ${String(figures.cards).padStart(11)} | ${cell(figures.taps).padEnd(26)} | ${cell(figures.more).padEnd(34)} | ${`${http.toFixed(0)} ms`.padEnd(19)} | ${Number.isNaN(pageHttp) ? '-' : `${pageHttp.toFixed(0)} ms`}`,
        );
      }
    }
    console.log(`\nload average after ${loadAverage()}`);
  } finally {
    await browser?.close();
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
