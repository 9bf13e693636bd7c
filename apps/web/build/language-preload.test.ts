import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl } from '../src/lib/api-client.ts';
import { zonedDay } from '../src/lib/business-time.ts';
import { DEFAULT_DATE_PRESET, presetRange } from '../src/lib/reports/date-presets.ts';
import { languageScript } from './language-preload.ts';

const FILES = { en: '/assets/en-1.js', ar: '/assets/ar-2.js' };
const SIGNED_IN = {
  shell: ['/assets/data-layout-3.js', '/assets/signed-in-layout-4.js'],
  home: ['/assets/dashboard-page-5.js'],
  board: ['/assets/tickets-page-9.js'],
  texts: { en: '/assets/en-app-6.js', ar: '/assets/ar-app-7.js' },
  boardTexts: { en: '/assets/en-10.js', ar: '/assets/ar-11.js' },
  styles: ['/assets/app-small-8.css'],
};
const HINT = { path: '/services/workflow/api/v1/report/business/2/dashboard', zone: 'Asia/Riyadh' };

/** The script run at `path`, with or without a stored token: the addresses it asked for. */
function preloadsAt(path: string, token: string | null, stored = 'en') {
  window.history.replaceState(null, '', path);
  window.localStorage.setItem('language', stored);
  if (token) window.localStorage.setItem('id_token', token);
  new Function(languageScript(FILES, 'en', SIGNED_IN))();
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
}

function runWith(stored: string | null, languages: string[]) {
  if (stored) window.localStorage.setItem('language', stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  // The script as the page runs it, from its text.
  new Function(languageScript(FILES, 'en'))();
  const preload = document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]');
  const manifest = document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  return {
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    href: preload?.getAttribute('href'),
    manifest: manifest?.getAttribute('href'),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  delete (window as unknown as Record<string, unknown>).__fieldopsSession;
  delete (window as unknown as Record<string, unknown>).__fieldopsDashboard;
  vi.useRealTimers();
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  document.documentElement.lang = '';
  document.documentElement.dir = '';
  vi.restoreAllMocks();
});

describe('the language script of index.html', () => {
  it('follows the stored choice over the browser', () => {
    expect(runWith('ar', ['en-GB'])).toEqual({ lang: 'ar', dir: 'rtl', href: FILES.ar, manifest: '/manifest-ar.webmanifest' });
  });

  it('takes the first browser language the app has, as the app does', () => {
    expect(runWith(null, ['fr-FR', 'ar-SA', 'en'])).toEqual({ lang: 'ar', dir: 'rtl', href: FILES.ar, manifest: '/manifest-ar.webmanifest' });
  });

  it('falls back to English', () => {
    expect(runWith(null, ['fr', 'de'])).toEqual({ lang: 'en', dir: 'ltr', href: FILES.en, manifest: '/manifest-en.webmanifest' });
    expect(runWith('xx', [])).toEqual({ lang: 'en', dir: 'ltr', href: FILES.en, manifest: '/manifest-en.webmanifest' });
  });
});

describe('the chunks of the pages after sign-in', () => {
  it('are fetched up front for a signed-in visitor: the shell, the texts of the language, and the dashboard on /', () => {
    expect(preloadsAt('/', 'tok', 'ar')).toEqual([FILES.ar, ...SIGNED_IN.shell, ...SIGNED_IN.home, SIGNED_IN.texts.ar]);
  });

  it('take the ticket board on /tickets instead of the dashboard, and neither on another page', () => {
    expect(preloadsAt('/tickets', 'tok')).toEqual([FILES.en, ...SIGNED_IN.shell, ...SIGNED_IN.board, SIGNED_IN.texts.en, SIGNED_IN.boardTexts.en]);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    expect(preloadsAt('/projects', 'tok')).toEqual([FILES.en, ...SIGNED_IN.shell, SIGNED_IN.texts.en]);
  });

  it('are not fetched without a token, nor on the pages a visitor opens before signing in', () => {
    expect(preloadsAt('/', null)).toEqual([FILES.en]);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    expect(preloadsAt('/login', 'tok')).toEqual([FILES.en]);
  });

  it('asks for the session with the token, the business key and the language, as the app would', async () => {
    const fetchMock = vi.fn(async () => Response.json({ account: { id: 7 } }));
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.setItem('apiKey', 'key-1');
    preloadsAt('/tickets', 'tok', 'ar');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, { headers: Record<string, string> }];
    expect(url).toBe('/api/v1/account/session');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'X-Api-Key': 'key-1', 'Accept-Language': 'ar' });
    const asked = (window as unknown as Record<string, Promise<Response>>).__fieldopsSession;
    expect(await (await asked).json()).toEqual({ account: { id: 7 } });
  });

  it('does not ask for the session without a token or before sign-in', () => {
    const fetchMock = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    preloadsAt('/', null);
    preloadsAt('/login', 'tok');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the stylesheets the shell and the dashboard wait for, without applying them yet', () => {
    preloadsAt('/', 'tok');
    const styles = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(styles.map((link) => [link.getAttribute('href'), link.getAttribute('as'), link.getAttribute('crossorigin')])).toEqual([
      [SIGNED_IN.styles[0], 'style', ''],
    ]);
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
  });
});

describe("the dashboard's one call, on /", () => {
  /**
   * The script run at `path` with the dashboard's hint stored: the calls it made in its own task
   * (`atOnce`) and by the end of the next one (`calls`).
   */
  async function callsAt(path: string, hint: unknown = HINT) {
    // What earlier runs of the script left for the next task runs first, without a hint.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const fetchMock = vi.fn(async () => Response.json({ stats: {} }));
    vi.stubGlobal('fetch', fetchMock);
    if (hint !== null) window.localStorage.setItem('dashboardHint', typeof hint === 'string' ? hint : JSON.stringify(hint));
    preloadsAt(path, 'tok');
    const made = () => (fetchMock.mock.calls as unknown as [string, { headers: Record<string, string> }][]).map(([url, init]) => ({ url, init }));
    const atOnce = made().map((call) => call.url);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return Object.assign(made(), { atOnce });
  }

  it("is asked for with the default range in the business's zone, at the very address the dashboard asks", async () => {
    // 22:30 UTC on 1 March: already 2 March in Riyadh.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T22:30:00Z'));
    const calls = await callsAt('/');
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/account/session', `${HINT.path}?startDate=2025-02-24&endDate=2025-03-02`]);
    // In a task of its own, after the one that parses the page (the zone's data takes a while to load).
    expect(calls.atOnce).toEqual(['/api/v1/account/session']);
    // What the app would ask for itself at that moment, from the same preset code.
    const app = buildUrl('workflow', '/v1/report/business/2/dashboard', { ...presetRange(DEFAULT_DATE_PRESET, zonedDay(new Date(), HINT.zone)) });
    expect(calls[1]?.url).toBe(app);
    expect(calls[1]?.init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Accept-Language': 'en' });
    const early = (window as unknown as Record<string, { url: string; response: Promise<Response> }>).__fieldopsDashboard;
    expect(early?.url).toBe(app);
    expect(await (await early?.response)?.json()).toEqual({ stats: {} });
  });

  it('is not asked for with filters in the address, on another page, or without a usable hint', async () => {
    expect((await callsAt('/?range=yesterday')).map((call) => call.url)).toEqual(['/api/v1/account/session']);
    expect((await callsAt('/tickets')).map((call) => call.url)).toEqual(['/api/v1/account/session']);
    window.localStorage.removeItem('dashboardHint');
    expect((await callsAt('/', null)).map((call) => call.url)).toEqual(['/api/v1/account/session']);
    expect((await callsAt('/', 'not json')).map((call) => call.url)).toEqual(['/api/v1/account/session']);
    expect((await callsAt('/', { path: HINT.path, zone: 'Not/AZone' })).map((call) => call.url)).toEqual(['/api/v1/account/session']);
    expect((await callsAt('/', { path: 'https://elsewhere.example/services/workflow/api/x', zone: HINT.zone })).map((call) => call.url)).toEqual([
      '/api/v1/account/session',
    ]);
    expect((await callsAt('/', { path: '//elsewhere.example/x', zone: HINT.zone })).map((call) => call.url)).toEqual(['/api/v1/account/session']);
    expect((window as unknown as Record<string, unknown>).__fieldopsDashboard).toBeUndefined();
  });
});

describe('a page the server drew', () => {
  const ENTRY = ['/assets/index-9.js', '/assets/react-10.js'];

  function drawnPage(drawnIn: string, stored: string, path = '/') {
    window.history.replaceState(null, '', path);
    document.documentElement.setAttribute('data-first-screen', drawnIn);
    window.localStorage.setItem('language', stored);
    window.localStorage.setItem('id_token', 'a.b.c');
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.useFakeTimers();
    const fetched = vi.spyOn(window, 'fetch');
    new Function(languageScript(FILES, 'en', { ...SIGNED_IN, entry: ENTRY }))();
    const links = (rel: string) => [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)];
    const before = { preloads: links('modulepreload').length, scripts: document.head.querySelectorAll('script').length, styles: links('stylesheet') };
    const paint = () => {
      for (const frame of frames) frame(0);
      vi.runAllTimers();
    };
    return { before, paint, links, fetched };
  }

  afterEach(() => {
    document.documentElement.removeAttribute('data-first-screen');
    document.documentElement.removeAttribute('data-first-screen-stale');
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    vi.useRealTimers();
  });

  it('starts the texts and the code only after its first paint', () => {
    const { before, paint, links, fetched } = drawnPage('en', 'en');
    expect(before.preloads).toBe(0);
    expect(before.scripts).toBe(0);
    // Its stylesheets are in the page as the server sent it.
    expect(before.styles).toEqual([]);
    // The answers are in the page: nothing is asked for.
    expect(fetched).not.toHaveBeenCalled();
    expect(document.documentElement.hasAttribute('data-first-screen-stale')).toBe(false);
    paint();
    expect(links('modulepreload').map((link) => link.getAttribute('href'))).toEqual([
      FILES.en,
      ...ENTRY,
      ...SIGNED_IN.shell,
      ...SIGNED_IN.home,
      SIGNED_IN.texts.en,
    ]);
    const script = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    expect(script?.getAttribute('src')).toBe(ENTRY[0]);
  });

  it("starts the ticket board's chunks, not the dashboard's, on /tickets", () => {
    const { paint, links } = drawnPage('ar', 'ar', '/tickets');
    paint();
    expect(links('modulepreload').map((link) => link.getAttribute('href'))).toEqual([
      FILES.ar,
      ...ENTRY,
      ...SIGNED_IN.shell,
      ...SIGNED_IN.board,
      SIGNED_IN.texts.ar,
      SIGNED_IN.boardTexts.ar,
    ]);
  });

  it('waits for the page to be parsed before counting its frames', () => {
    const parsing = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const { paint, links } = drawnPage('en', 'en');
    paint();
    expect(links('modulepreload')).toEqual([]);
    parsing.mockReturnValue('interactive');
    document.dispatchEvent(new Event('DOMContentLoaded'));
    paint();
    expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe(ENTRY[0]);
  });

  it('starts them at once in a tab in the background, which paints nothing', () => {
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const { before } = drawnPage('en', 'en');
    expect(before.scripts).toBe(1);
    expect(before.preloads).toBeGreaterThan(0);
  });

  it('is marked to be drawn again when the device reads another language', () => {
    const { paint, links } = drawnPage('en', 'ar');
    expect(document.documentElement.hasAttribute('data-first-screen-stale')).toBe(true);
    expect(document.documentElement.lang).toBe('ar');
    paint();
    expect(links('modulepreload').map((link) => link.getAttribute('href'))).toContain(SIGNED_IN.texts.ar);
  });
});
