// The signed-in `/` drawn on the server: who it is drawn for (the cookie the session call leaves),
// what it carries, and that nothing else opens it. The drawing itself is the web app's server
// build (apps/web/src/entry-server.tsx, run in the journeys); here a drawer in its place writes
// down what it was given, so each test sees which answers the page was drawn from.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessOf, createBusinessWithOwner, signIn, type Caller } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { FIRST_SCREEN_COOKIE, firstScreenPage, firstScreenTemplate } from './first-screen.ts';

const INDEX =
  '<!doctype html>\n<html lang="en" dir="ltr" data-mantine-color-scheme="light">\n<head><script>document.documentElement.lang="en"</script>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/react-abc.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/ui-abc.css"><meta name="fieldops-first-screen-styles" content="/assets/app-small-abc.css /assets/x&quot;.css"></head>\n<body>\n<div id="root">\n<div role="status">FieldOps</div>\n</div>\n</body>\n</html>\n';
/** Writes what it was given, as the markup; "nothing" for a business called so. */
const DRAWER = `export async function renderFirstScreen(first, token) {
  if (first.session.workspace.business.name === 'nothing') return null;
  return '<main data-drawn="' + first.language + '|' + first.session.account.username + '|' + first.session.workspace.business.name + '|' + first.dashboard.url + '|' + token.length + '"></main>';
}`;

let t: TestApp;
let base: string;
let owner: Caller;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-'));
  fs.mkdirSync(path.join(base, 'dist'));
  fs.mkdirSync(path.join(base, 'dist-server'));
  fs.writeFileSync(path.join(base, 'dist', 'index.html'), INDEX);
  fs.writeFileSync(path.join(base, 'dist-server', 'entry-server.js'), DRAWER);
  t = await createTestApp({ webRoot: path.join(base, 'dist') });
  owner = await createBusinessWithOwner(t.app, 'Noor <Services>');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(base, { recursive: true, force: true });
});

/** The cookie the session call leaves, as a browser sends it back. */
async function cookieFrom(caller: Caller, headers: Record<string, string> = {}) {
  const res = await caller.request({ method: 'GET', url: '/api/v1/account/session', headers });
  expect(res.statusCode).toBe(200);
  const header = String(res.headers['set-cookie'] ?? '');
  return { header, cookie: header.split(';')[0] ?? '' };
}

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const page = (cookie: string | null, accept = 'text/html,application/xhtml+xml', userAgent = PHONE) =>
  t.app.inject({ method: 'GET', url: '/', headers: { accept, 'user-agent': userAgent, ...(cookie ? { cookie } : {}) } });

const drawn = (body: string) => /data-drawn="([^"]*)"/.exec(body)?.[1] ?? null;
const carried = (body: string) =>
  JSON.parse(/<script type="application\/json" id="fieldops-first-screen">(.*?)<\/script>/.exec(body)?.[1] ?? 'null') as {
    language: string;
    session: { account: { username: string }; workspace: { apiKey: string } };
    dashboard: { url: string };
  } | null;

describe('the first screen drawn on the server', () => {
  it('the session call leaves an HttpOnly, SameSite=Strict cookie for the whole site, and leaves it alone when unchanged', async () => {
    const { header, cookie } = await cookieFrom(owner);
    expect(header).toMatch(new RegExp(`^${FIRST_SCREEN_COOKIE}=[\\w-]+; Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict$`));
    const again = await owner.request({ method: 'GET', url: '/api/v1/account/session', headers: { cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
    // Another language asked for: kept again.
    const arabic = await owner.request({ method: 'GET', url: '/api/v1/account/session', headers: { cookie, 'accept-language': 'ar' } });
    expect(String(arabic.headers['set-cookie'])).toContain(`${FIRST_SCREEN_COOKIE}=`);
  });

  it("draws / with that person's session and dashboard, carries both answers, and starts no script before its first paint", async () => {
    const { cookie } = await cookieFrom(owner, { 'accept-language': 'ar' });
    const res = await page(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary)).toContain('Cookie');
    const [language, username, business, url] = (drawn(res.body) ?? '').split('|');
    expect([language, username, business]).toEqual(['ar', owner.username, 'Noor <Services>']);
    expect(url).toMatch(
      new RegExp(`^/services/workflow/api/v1/report/business/${owner.business.id}/dashboard\\?startDate=\\d{4}-\\d\\d-\\d\\d&endDate=\\d{4}-\\d\\d-\\d\\d$`),
    );
    expect(res.body).toContain('<html data-mantine-color-scheme="light" lang="ar" dir="rtl" data-first-screen="ar">');
    expect(res.body).not.toContain('role="status">FieldOps');
    // The app's code is added by the page's first script after the first paint.
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('modulepreload');
    // The shell's stylesheets are linked, after the page's own, so the first paint waits for them.
    expect(res.body).toMatch(/href="\/assets\/ui-abc\.css">.*<link rel="stylesheet" crossorigin href="\/assets\/app-small-abc\.css"><\/head>/);
    expect(res.body).not.toMatch(/<link[^>]*x&quot;/);
    // The answers, with "<" written so that no text in them can close the element.
    expect(res.body).toContain('Noor \\u003cServices>');
    const answers = carried(res.body);
    expect(answers?.language).toBe('ar');
    expect(answers?.session.account.username).toBe(owner.username);
    expect(answers?.session.workspace.apiKey).toBe(owner.business.apiKey);
    expect(answers?.dashboard.url).toBe(url);
  });

  it('draws the business the cookie names, and never one the person does not belong to', async () => {
    const second = await addBusinessOf(t.app, owner, 'Second business');
    const { cookie } = await cookieFrom(owner, { 'x-api-key': second.apiKey });
    expect(drawn((await page(cookie)).body)?.split('|')[2]).toBe('Second business');

    // Another person's business key written into the cookie by hand: not drawn.
    const stranger = await createBusinessWithOwner(t.app, 'Stranger business');
    const forged = `${FIRST_SCREEN_COOKIE}=${Buffer.from(JSON.stringify({ token: owner.token, apiKey: stranger.business.apiKey, language: 'en' })).toString('base64url')}`;
    const res = await page(forged);
    expect(res.statusCode).toBe(200);
    expect(drawn(res.body)).toBeNull();
    expect(res.body).not.toContain('Stranger business');
    expect(res.body).toContain('role="status">FieldOps');
  });

  it('serves the plain page without a cookie, with a broken or forged one, to a request not for a page, and when the drawer draws nothing', async () => {
    const { cookie } = await cookieFrom(owner);
    for (const bad of [
      null,
      `${FIRST_SCREEN_COOKIE}=`,
      `${FIRST_SCREEN_COOKIE}=not-base64-json`,
      `${FIRST_SCREEN_COOKIE}=${Buffer.from('{"token":1}').toString('base64url')}`,
      `${FIRST_SCREEN_COOKIE}=${Buffer.from(JSON.stringify({ token: 'a.b.c', apiKey: null, language: 'en' })).toString('base64url')}`,
      `${FIRST_SCREEN_COOKIE}=${Buffer.from(JSON.stringify({ token: owner.token, apiKey: null, language: 'fr' })).toString('base64url')}`,
      `${FIRST_SCREEN_COOKIE}=${Buffer.from(JSON.stringify({ token: owner.token, apiKey: '\u0000', language: 'en' })).toString('base64url')}`,
    ]) {
      const res = await page(bad);
      expect(res.statusCode, String(bad)).toBe(200);
      expect(drawn(res.body), String(bad)).toBeNull();
      expect(res.body).toContain('<script type="module"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect(drawn((await page(cookie, 'application/json')).body)).toBeNull();
    // A wider screen's browser draws the page itself; a phone's says so by its hints or its name.
    expect(drawn((await page(cookie, undefined, DESKTOP)).body)).toBeNull();
    const hinted = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1', cookie } });
    expect(drawn(hinted.body)).not.toBeNull();
    // Filters in the address: the app asks for them itself.
    const filtered = await t.app.inject({ method: 'GET', url: '/?range=yesterday', headers: { accept: 'text/html', 'user-agent': PHONE, cookie } });
    expect(drawn(filtered.body)).toBeNull();
    expect(filtered.body).toContain('<script type="module"');
    // A HEAD request (a link checker, a phone's prefetch) gets the plain page's headers, nothing drawn.
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { accept: 'text/html', 'user-agent': PHONE, cookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
    const empty = await createBusinessWithOwner(t.app, 'nothing');
    expect(drawn((await page((await cookieFrom(empty)).cookie)).body)).toBeNull();
  });

  it('logout clears the cookie, and a cookie kept from a closed session draws nothing and is cleared', async () => {
    const other = await createBusinessWithOwner(t.app, 'Closing business');
    const { cookie } = await cookieFrom(other);
    expect(drawn((await page(cookie)).body)).not.toBeNull();
    const logout = await other.request({ method: 'POST', url: '/api/v1/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(new RegExp(`^${FIRST_SCREEN_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict$`));
    // A copy of the cookie kept elsewhere: its session is closed.
    const res = await page(cookie);
    expect(drawn(res.body)).toBeNull();
    expect(String(res.headers['set-cookie'])).toContain(`${FIRST_SCREEN_COOKIE}=; Path=/; Max-Age=0`);
    // Signed in again: drawn again.
    const token = await signIn(t.app, other.username);
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/account/session', headers: { authorization: `Bearer ${token}` } });
    expect(drawn((await page(String(again.headers['set-cookie']).split(';')[0] ?? '')).body)).not.toBeNull();
  });

  it('fills the page: language, markup, answers, and no script tag of the app', () => {
    const html = firstScreenPage(firstScreenTemplate(INDEX), 'en', '<p>drawn</p>', { a: '</script><script>alert(1)</script>' });
    expect(html).toContain('<html data-mantine-color-scheme="light" lang="en" dir="ltr" data-first-screen="en">');
    expect(html).toContain('<div id="root"><p>drawn</p></div>');
    expect(html).not.toContain('</script><script>alert');
    expect(html).toContain('\\u003c/script>');
    expect(html.match(/<script/g)?.length).toBe(2);
  });
});
