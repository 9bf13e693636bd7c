import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n, currentLanguage } from './i18n.ts';
import { applyDocumentLanguage, toLanguage } from './language.ts';

function browserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0]);
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('language detection', () => {
  it('prefers the language stored under "language" over the browser', () => {
    localStorage.setItem('language', 'ar');
    browserLanguages(['en-US', 'en']);
    expect(currentLanguage(createI18n())).toBe('ar');

    localStorage.setItem('language', 'en');
    browserLanguages(['ar-SA', 'ar']);
    expect(currentLanguage(createI18n())).toBe('en');
  });

  it('uses the browser language when nothing is stored (ar-SA → ar)', () => {
    browserLanguages(['ar-SA']);
    expect(currentLanguage(createI18n())).toBe('ar');
  });

  it('falls back to English for an unsupported language', () => {
    browserLanguages(['fr-FR', 'de']);
    expect(currentLanguage(createI18n())).toBe('en');
  });

  it('ignores an unsupported stored value and goes on to the browser', () => {
    localStorage.setItem('language', 'xx');
    browserLanguages(['ar']);
    expect(currentLanguage(createI18n())).toBe('ar');
  });

  it('does not store the detected language by itself', () => {
    browserLanguages(['ar-SA']);
    createI18n();
    expect(localStorage.getItem('language')).toBeNull();
  });
});

describe('document language', () => {
  it('sets dir and lang on <html>', () => {
    applyDocumentLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    applyDocumentLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
  });

  it('points the web app manifest at the language, for an app installed from the page', () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest-en.webmanifest';
    document.head.appendChild(link);
    try {
      applyDocumentLanguage('ar');
      expect(link.getAttribute('href')).toBe('/manifest-ar.webmanifest');
      applyDocumentLanguage('en');
      expect(link.getAttribute('href')).toBe('/manifest-en.webmanifest');
    } finally {
      link.remove();
    }
  });

  it('normalises language codes', () => {
    expect(toLanguage('AR-eg')).toBe('ar');
    expect(toLanguage('en_GB')).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });
});
