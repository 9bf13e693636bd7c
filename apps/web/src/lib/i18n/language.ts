// Supported languages and what each implies for the document (direction and lang attribute).
import { LANGUAGES, type Language } from '@fieldops/shared/limits';

export type { Language };
export type Direction = 'ltr' | 'rtl';
export const DEFAULT_LANGUAGE: Language = 'en';

/** "ar-SA" → "ar"; anything unsupported → null. */
function supported(code: string | null | undefined): Language | null {
  const [base = ''] = (code ?? '').toLowerCase().split(/[-_]/);
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

/** "ar-SA" → "ar"; anything unsupported → English. */
export const toLanguage = (code: string | null | undefined): Language => supported(code) ?? DEFAULT_LANGUAGE;

/**
 * The language to show: the one stored when the person last switched, else the first of the
 * browser's languages the app speaks, else English. Nothing is stored by detecting.
 */
export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  for (const code of [stored, ...browser]) {
    const language = supported(code);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

export const directionOf = (language: Language): Direction => (language === 'ar' ? 'rtl' : 'ltr');

/** The web app manifest of a language: the installed app's name and description in it. */
export const manifestOf = (language: Language) => `/manifest-${language}.webmanifest`;

export function applyDocumentLanguage(language: Language): void {
  // Drawing a first screen on the server (entry-server.tsx) there is no document.
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest) manifest.href = manifestOf(language);
}
