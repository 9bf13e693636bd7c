import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageScript } from './language-preload.ts';

const FILES = { en: '/assets/en-1.js', ar: '/assets/ar-2.js' };
const SIGNED_IN = {
  shell: ['/assets/data-layout-3.js', '/assets/signed-in-layout-4.js'],
  home: ['/assets/dashboard-page-5.js'],
  texts: { en: '/assets/en-app-6.js', ar: '/assets/ar-app-7.js' },
};

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

  it('leave out the dashboard on another page', () => {
    expect(preloadsAt('/tickets', 'tok')).toEqual([FILES.en, ...SIGNED_IN.shell, SIGNED_IN.texts.en]);
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
});
