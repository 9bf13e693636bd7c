// A phone's `/tickets` drawn on the server: the board's answers the page carries are exactly what
// the API answers the same caller (their business, their role's tickets), and nothing is drawn
// for anyone the API would not answer. The drawing itself is the web app's server build (run in
// the journeys, e2e/board-first-screen.spec.ts); here a drawer in its place writes down what it
// was given.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATUSES, type TicketStatus } from '@fieldops/shared/enums';
import { addMember, addSupervisor, createBusinessWithOwner, createProject, createSite, createTicket, placeInSite, type Caller } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { FIRST_SCREEN_COOKIE } from './first-screen.ts';

const INDEX =
  '<!doctype html>\n<html lang="en" dir="ltr">\n<head><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<meta name="fieldops-first-screen-styles" content="/assets/app-small-abc.css"></head>\n<body>\n<div id="root">\n<div role="status">FieldOps</div>\n</div>\n</body>\n</html>\n';
const DRAWER = `export async function renderFirstScreen(first) {
  return '<main data-drawn="' + first.path + '|' + first.language + '|' + first.session.account.username + '|' + first.session.workspace.business.name + '"></main>';
}`;
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const API = '/services/helpdesk/api/v1/tickets';

let t: TestApp;
let base: string;
let owner: Caller;
let member: Caller;
let supervisor: Caller;
let stranger: Caller;
/** The tickets of the owner's business, by who may see them. */
let ids: Record<'inA' | 'inB' | 'byMember' | 'toMember' | 'bySupervisor', number>;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-board-'));
  fs.mkdirSync(path.join(base, 'dist'));
  fs.mkdirSync(path.join(base, 'dist-server'));
  fs.writeFileSync(path.join(base, 'dist', 'index.html'), INDEX);
  fs.writeFileSync(path.join(base, 'dist-server', 'entry-server.js'), DRAWER);
  t = await createTestApp({ webRoot: path.join(base, 'dist') });
  owner = await createBusinessWithOwner(t.app, 'Noor Services');
  const project = await createProject(t.app, owner);
  const [a, b] = [await createSite(t.app, owner, project.id), await createSite(t.app, owner, project.id)];
  supervisor = await addSupervisor(t.app, owner, [a.id]);
  member = await addMember(t.app, owner, 'MEMBER');
  await placeInSite(t.app, owner, a.id, member.userId, 'MEMBER');
  const place = (site: { id: number }) => ({ projectId: project.id, teamId: site.id });
  ids = {
    inA: (await createTicket(t.app, owner, { ...place(a), status: 'IN_PROGRESS' })).id,
    inB: (await createTicket(t.app, owner, place(b))).id,
    byMember: (await createTicket(t.app, member)).id,
    toMember: (await createTicket(t.app, owner, { ...place(b), agentId: member.userId, status: 'ON_HOLD' })).id,
    bySupervisor: (await createTicket(t.app, supervisor, { ...place(b), status: 'RESOLVED' })).id,
  };
  // More than a column's first page of new tickets, so the page carried is the first of several.
  for (let i = 0; i < 22; i++) await createTicket(t.app, owner, { title: `Lift ${i}`, updatedDate: new Date(Date.UTC(2025, 0, 1, 0, i)) });
  stranger = await createBusinessWithOwner(t.app, 'Stranger business');
  for (const status of TICKET_STATUSES) await createTicket(t.app, stranger, { title: `Stranger ticket ${status}`, status });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(base, { recursive: true, force: true });
});

/** The cookie the app's session call leaves, as a browser sends it back. */
async function cookieOf(caller: Caller, language = 'en') {
  const res = await caller.request({ method: 'GET', url: '/api/v1/account/session', headers: { 'accept-language': language } });
  expect(res.statusCode).toBe(200);
  return String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
}

const forged = (token: string, apiKey: string | null) =>
  `${FIRST_SCREEN_COOKIE}=${Buffer.from(JSON.stringify({ token, apiKey, language: 'en' })).toString('base64url')}`;

const open = (
  cookie: string | null,
  { url = '/tickets', userAgent = PHONE, method = 'GET' }: { url?: string; userAgent?: string; method?: 'GET' | 'HEAD' } = {},
) => t.app.inject({ method, url, headers: { accept: 'text/html', 'user-agent': userAgent, ...(cookie ? { cookie } : {}) } });

const drawn = (body: string) => /data-drawn="([^"]*)"/.exec(body)?.[1] ?? null;

interface Carried {
  path: string;
  board: { size: number; sort: string; counts: Record<TicketStatus, number>; columns: Record<TicketStatus, { tickets: { id: number }[]; total: number }> };
}
const carried = (body: string) =>
  JSON.parse(/<script type="application\/json" id="fieldops-first-screen">(.*?)<\/script>/.exec(body)?.[1] ?? 'null') as Carried | null;

/** What the API answers the caller for each column as the board asks, and for the counters. */
async function boardFromApi(caller: Caller) {
  const columns: Partial<Record<TicketStatus, { ids: number[]; total: number }>> = {};
  for (const status of TICKET_STATUSES) {
    const res = await caller.request({ method: 'GET', url: `${API}?ticketStatus=${status}&page=0&size=20&sort=updatedDate,desc` });
    expect(res.statusCode).toBe(200);
    columns[status] = { ids: res.json<{ id: number }[]>().map((ticket) => ticket.id), total: Number(res.headers['x-total-count']) };
  }
  const counts = (await caller.request({ method: 'GET', url: `${API}/counts` })).json<Record<TicketStatus, number>>();
  return { columns, counts };
}

const carriedIds = (answers: Carried) =>
  Object.fromEntries(
    TICKET_STATUSES.map((status) => [
      status,
      { ids: answers.board.columns[status].tickets.map((ticket) => ticket.id), total: answers.board.columns[status].total },
    ]),
  );

describe("a phone's ticket board drawn on the server", () => {
  it("carries the owner's board as the API answers it: each column's first page, newest change first, and the counters", async () => {
    const res = await open(await cookieOf(owner));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary)).toContain('Cookie');
    expect(drawn(res.body)).toBe(`/tickets|en|${owner.username}|Noor Services`);
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app-small-abc.css"></head>');
    const answers = carried(res.body);
    expect(answers?.path).toBe('/tickets');
    expect(answers?.board).toMatchObject({ size: 20, sort: 'updatedDate,desc' });
    const api = await boardFromApi(owner);
    expect(carriedIds(answers as Carried)).toEqual(api.columns);
    expect(answers?.board.counts).toEqual(api.counts);
    // The first page of 24 new tickets: 20 of them, the total 24.
    expect(answers?.board.columns.NEW.tickets).toHaveLength(20);
    expect(answers?.board.columns.NEW.total).toBe(24);
    expect(answers?.board.counts).toEqual({ NEW: 24, IN_PROGRESS: 1, ON_HOLD: 1, RESOLVED: 1, CLOSED: 0 });
    expect(res.body).not.toContain('Stranger ticket');
  });

  it('shows a member and a supervisor only what the API shows them', async () => {
    for (const [caller, expected] of [
      [member, [ids.byMember, ids.toMember]],
      [supervisor, [ids.inA, ids.bySupervisor]],
    ] as const) {
      const res = await open(await cookieOf(caller));
      const answers = carried(res.body) as Carried;
      expect(drawn(res.body)).toBe(`/tickets|en|${caller.username}|Noor Services`);
      const api = await boardFromApi(caller);
      expect(carriedIds(answers)).toEqual(api.columns);
      expect(answers.board.counts).toEqual(api.counts);
      const shown = TICKET_STATUSES.flatMap((status) => answers.board.columns[status].tickets.map((ticket) => ticket.id)).sort((x, y) => x - y);
      expect(shown).toEqual([...expected].sort((x, y) => x - y));
    }
  });

  it('draws in Arabic, right to left, for a device that asks in Arabic', async () => {
    const res = await open(await cookieOf(owner, 'ar'));
    expect(drawn(res.body)).toBe(`/tickets|ar|${owner.username}|Noor Services`);
    expect(res.body).toContain('lang="ar" dir="rtl" data-first-screen="ar"');
  });

  it("never draws another business's tickets: a key of a business the person does not belong to draws nothing", async () => {
    const res = await open(forged(owner.token, stranger.business.apiKey));
    expect(res.statusCode).toBe(200);
    expect(drawn(res.body)).toBeNull();
    expect(res.body).not.toContain('Stranger');
    expect(res.body).toContain('<div role="status">FieldOps</div>');
  });

  it('serves the plain page when signed out, with an expired or a made-up token, to a desktop, with filters in the address, and to HEAD', async () => {
    const cookie = await cookieOf(owner);
    const leaving = await addMember(t.app, owner, 'ADMIN');
    const leavingCookie = await cookieOf(leaving);
    expect(drawn((await open(leavingCookie)).body)).not.toBeNull();
    expect((await leaving.request({ method: 'POST', url: '/api/v1/logout', headers: { cookie: leavingCookie } })).statusCode).toBe(204);
    const { sid } = JSON.parse(Buffer.from(owner.token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
    const expired = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(owner.userId))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(t.jwtSecret);
    const cases: [string, Awaited<ReturnType<typeof open>>][] = [
      ['no cookie', await open(null)],
      ['signed out', await open(leavingCookie)],
      ['expired token', await open(forged(expired, owner.business.apiKey))],
      ['made-up token', await open(forged('a.b.c', owner.business.apiKey))],
      ['desktop', await open(cookie, { userAgent: DESKTOP })],
      ['list view', await open(cookie, { url: '/tickets?view=list' })],
      ['a filter', await open(cookie, { url: '/tickets?priority=HIGH' })],
      ['HEAD', await open(cookie, { method: 'HEAD' })],
    ];
    for (const [what, res] of cases) {
      expect(res.statusCode, what).toBe(200);
      expect(drawn(res.body), what).toBeNull();
      expect(res.headers['cache-control'], what).toBe('no-cache');
      if (what !== 'HEAD') expect(res.body, what).toContain('<script type="module"');
    }
    // A session that no longer opens: its cookie is cleared.
    expect(String(cases[1]?.[1].headers['set-cookie'])).toContain(`${FIRST_SCREEN_COOKIE}=; Path=/; Max-Age=0`);
  });
});
