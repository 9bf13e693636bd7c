import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageScript } from './language-preload.ts';

const FILES = { en: '/assets/en-1.js', ar: '/assets/ar-2.js' };

function runWith(stored: string | null, languages: string[]) {
  if (stored) window.localStorage.setItem('language', stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  // The script as the page runs it, from its text.
  new Function(languageScript(FILES, 'en'))();
  const preload = document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]');
  return { lang: document.documentElement.lang, dir: document.documentElement.dir, href: preload?.getAttribute('href') };
}

afterEach(() => {
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  document.documentElement.lang = '';
  document.documentElement.dir = '';
  vi.restoreAllMocks();
});

describe('the language script of index.html', () => {
  it('follows the stored choice over the browser', () => {
    expect(runWith('ar', ['en-GB'])).toEqual({ lang: 'ar', dir: 'rtl', href: FILES.ar });
  });

  it('takes the first browser language the app has, as the app does', () => {
    expect(runWith(null, ['fr-FR', 'ar-SA', 'en'])).toEqual({ lang: 'ar', dir: 'rtl', href: FILES.ar });
  });

  it('falls back to English', () => {
    expect(runWith(null, ['fr', 'de'])).toEqual({ lang: 'en', dir: 'ltr', href: FILES.en });
    expect(runWith('xx', [])).toEqual({ lang: 'en', dir: 'ltr', href: FILES.en });
  });
});
