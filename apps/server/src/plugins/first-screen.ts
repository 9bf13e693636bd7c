// A signed-in visitor's `/` (the dashboard) or `/tickets` (the ticket board) drawn on the server:
// the page as markup, so a phone shows it as soon as the page and its styles have arrived, before
// the app's code (about 280 KB) has. The web app's server build (apps/web/src/entry-server.tsx, in
// apps/web/dist-server) draws it; the page carries the answers it was drawn from, and the app
// starts from them.
//
// The page needs to know who is asking, which a page load cannot say with the bearer token the app
// keeps in local storage. So the session call, which every start of the app makes, leaves a
// cookie: that token, the business key it was sent with and the language it asked in. The cookie
// is HttpOnly and SameSite=Strict, and is read for nothing else: the page's answers are asked of
// the API itself (in-process, with that token and key), so the same checks decide what is shown
// (the business, the caller's role and which tickets they may see), a closed session shows
// nothing, and the cookie can change nothing. Logout clears it. Anything missing or failing serves
// the plain page, which the app draws itself as before.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { TICKET_STATUSES } from '@fieldops/shared/enums';
import { API_BASES, API_KEY_HEADER, DEFAULT_PAGE_SIZE, FIRST_SCREEN, LANGUAGES, TOTAL_COUNT_HEADER, type Language } from '@fieldops/shared/limits';
import { DATE_PRESET_OFFSETS, DEFAULT_DATE_PRESET } from '@fieldops/shared/report-limits';
import type { SessionBootstrap } from '@fieldops/shared/session';
import { languageOf } from '../lib/language.ts';
import { addDays, localDate } from '../modules/workflow/reports/report-range.ts';

export const FIRST_SCREEN_COOKIE = 'fieldops_page';
/** As long as the longest session ("remember me"); the token inside expires on its own. */
const COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Drawings wait for one another; past this many waiting, the plain page is served at once. */
const MAX_WAITING = 4;
/**
 * A phone, as its browser says: the page is drawn for a phone's screen (apps/web/src/app/
 * first-screen-answers.ts); a wider screen's browser draws it itself, on a fast line anyway.
 */
export const isPhone = (request: FastifyRequest) =>
  request.headers['sec-ch-ua-mobile'] === '?1' || /\bMobi|Android|iPhone/.test(String(request.headers['user-agent'] ?? ''));

interface Kept {
  token: string;
  apiKey: string | null;
  language: Language;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
};

function readCookie(request: FastifyRequest): Kept | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== FIRST_SCREEN_COOKIE) continue;
    try {
      const kept = JSON.parse(Buffer.from(part.slice(at + 1).trim(), 'base64url').toString('utf8')) as Partial<Kept>;
      if (typeof kept.token !== 'string' || !TOKEN_SHAPE.test(kept.token)) return null;
      if (kept.apiKey !== null && (typeof kept.apiKey !== 'string' || !KEY_SHAPE.test(kept.apiKey))) return null;
      if (!(LANGUAGES as readonly string[]).includes(kept.language as string)) return null;
      return kept as Kept;
    } catch {
      return null;
    }
  }
  return null;
}

function cookie(request: FastifyRequest, value: string, maxAge: number) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${FIRST_SCREEN_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

/** After a successful session call: what the next page load needs to draw the first screen. */
export function keepForFirstScreen(request: FastifyRequest, reply: FastifyReply): void {
  const token = bearer(request);
  if (!token || !TOKEN_SHAPE.test(token)) return;
  const header = request.headers[API_KEY_HEADER.toLowerCase()];
  const apiKey = typeof header === 'string' && KEY_SHAPE.test(header.trim()) ? header.trim() : null;
  const kept: Kept = { token, apiKey, language: languageOf(request.headers['accept-language']) };
  const current = readCookie(request);
  if (current && current.token === kept.token && current.apiKey === kept.apiKey && current.language === kept.language) return;
  void reply.header('Set-Cookie', cookie(request, Buffer.from(JSON.stringify(kept)).toString('base64url'), COOKIE_MAX_AGE_S));
}

/** At logout, or when the kept session no longer opens: nothing is drawn from it again. */
export function forgetFirstScreen(request: FastifyRequest, reply: FastifyReply): void {
  if (request.headers.cookie?.includes(`${FIRST_SCREEN_COOKIE}=`)) void reply.header('Set-Cookie', cookie(request, '', 0));
}

interface Drawer {
  renderFirstScreen(first: { path: string; language: Language; session: SessionBootstrap }, token: string): Promise<string | null>;
}

/** A GET of the API in-process, as the caller the cookie names. */
type Inject = (url: string) => Promise<LightMyRequestResponse>;

/** The dashboard's one call with its default range in the business's zone, as the app asks for it. */
async function dashboardAnswers(ask: Inject, business: { id: number; timeZone: string }) {
  const today = localDate(new Date(), business.timeZone);
  const [firstDay, lastDay] = DATE_PRESET_OFFSETS[DEFAULT_DATE_PRESET];
  const url = `${API_BASES.workflow}/v1/report/business/${business.id}/dashboard?startDate=${addDays(today, firstDay)}&endDate=${addDays(today, lastDay)}`;
  const dashboard = await ask(url);
  return dashboard.statusCode === 200 ? { dashboard: { url, report: dashboard.json<unknown>() } } : null;
}

/** How the board asks for a column's first page (web: features/tickets/api/get-tickets.ts); the app checks both. */
const BOARD_PAGE = { size: DEFAULT_PAGE_SIZE, sort: 'updatedDate,desc' } as const;

/**
 * The board without filters: each column's first page and the counters, by the list and counts
 * calls the board makes, so the API's own checks decide whose tickets and which of them show.
 */
async function boardAnswers(ask: Inject) {
  const helpdesk = `${API_BASES.helpdesk}/v1/tickets`;
  const [counts, ...pages] = await Promise.all([
    ask(`${helpdesk}/counts`),
    ...TICKET_STATUSES.map((status) => ask(`${helpdesk}?ticketStatus=${status}&page=0&size=${BOARD_PAGE.size}&sort=${encodeURIComponent(BOARD_PAGE.sort)}`)),
  ]);
  if (counts.statusCode !== 200 || pages.some((page) => page.statusCode !== 200)) return null;
  const columns: Record<string, { tickets: unknown; total: number }> = {};
  TICKET_STATUSES.forEach((status, i) => {
    const page = pages[i];
    if (page) columns[status] = { tickets: page.json<unknown>(), total: Number(page.headers[TOTAL_COUNT_HEADER.toLowerCase()]) };
  });
  if (Object.values(columns).some((column) => !Number.isFinite(column.total))) return null;
  return { board: { ...BOARD_PAGE, counts: counts.json<unknown>(), columns } };
}

/** The pages drawn on the server, as they open (filters in the address are drawn by the app). */
export const FIRST_SCREEN_PATHS = ['/', '/tickets'] as const;
type FirstScreenPath = (typeof FIRST_SCREEN_PATHS)[number];
const isFirstScreenPath = (url: string): url is FirstScreenPath => (FIRST_SCREEN_PATHS as readonly string[]).includes(url);

/**
 * The web app's page made ready once for drawing: the app's script tags out (its first script adds
 * them after the first paint) and the stylesheets of the shell and of the pages drawn, named by
 * the build, linked, so the first paint waits for them in every browser. Drawn in another language than the
 * device's (the first script marks it), the page stays hidden until the app has drawn it again.
 */
export function firstScreenTemplate(index: string): string {
  const named = new RegExp(`<meta name="${FIRST_SCREEN.styles}" content="([^"]*)"`).exec(index)?.[1] ?? '';
  const styles = named
    .split(' ')
    .filter((href) => /^\/assets\/[\w.-]+\.css$/.test(href))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('');
  return index
    .replace('<head>', '<head><style>html[data-first-screen-stale] #root{visibility:hidden}</style>')
    .replace(/<script type="module"[^>]*src="[^"]*"[^>]*><\/script>/, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `${styles}</head>`);
}

/** That page with the language, the markup and the answers filled in. */
export function firstScreenPage(template: string, language: Language, markup: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return template
    .replace(
      /<html([^>]*)>/,
      // Its other attributes (the interface library's colour scheme, which its styles key on) stay.
      (_tag, attributes: string) =>
        `<html${attributes.replace(/\s(lang|dir)="[^"]*"/g, '')} lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}" data-first-screen="${language}">`,
    )
    .replace('<head>', `<head><script type="application/json" id="${FIRST_SCREEN.answers}">${json}</script>`)
    .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, `<div id="root">${markup}</div>$1`);
}

export function createFirstScreen(app: FastifyInstance, webRoot: string) {
  const template = firstScreenTemplate(fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8'));
  const entry = path.join(webRoot, '..', 'dist-server', 'entry-server.js');
  let drawer: Promise<Drawer | null> | null = null;
  let waiting = 0;

  const load = () =>
    (drawer ??= fs.existsSync(entry)
      ? (import(pathToFileURL(entry).href) as Promise<Drawer>).catch((error: unknown) => {
          app.log.error({ err: error }, 'the first screen cannot be drawn: its build did not load');
          return null;
        })
      : Promise.resolve(null));

  /** The page for this request drawn with its first screen, or null for the plain page. */
  return async function draw(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const kept = readCookie(request);
    // Only the pages as they open: filters in the address are another call, drawn by the app. A
    // HEAD request has no body to draw into.
    const at = request.url;
    if (
      !kept ||
      request.method !== 'GET' ||
      !isFirstScreenPath(at) ||
      !isPhone(request) ||
      waiting >= MAX_WAITING ||
      !request.headers.accept?.includes('text/html')
    )
      return null;
    waiting++;
    try {
      const render = await load();
      if (!render) return null;
      const headers: Record<string, string> = { authorization: `Bearer ${kept.token}`, 'accept-language': kept.language, accept: 'application/json' };
      if (kept.apiKey) headers[API_KEY_HEADER.toLowerCase()] = kept.apiKey;
      const ask: Inject = (url) => app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
      const session = await ask(`${API_BASES.main}/v1/account/session`);
      if (session.statusCode === 401) forgetFirstScreen(request, reply);
      if (session.statusCode !== 200) return null;
      const bootstrap = session.json<SessionBootstrap>();
      const business = bootstrap.workspace?.business;
      if (!business || bootstrap.account.mustChangePassword) return null;
      const answers = at === '/tickets' ? await boardAnswers(ask) : await dashboardAnswers(ask, business);
      if (!answers) return null;
      const first = { path: at, language: kept.language, session: bootstrap, ...answers };
      const markup = await render.renderFirstScreen(first, kept.token);
      return markup === null ? null : firstScreenPage(template, kept.language, markup, first);
    } catch (error) {
      request.log.warn({ err: error }, 'the first screen was not drawn');
      return null;
    } finally {
      waiting--;
    }
  };
}
