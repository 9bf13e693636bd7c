// Supported languages and what each implies for the document (direction and lang attribute).
import { LANGUAGES, type Language } from '@fieldops/shared/limits';

export type { Language };
export type Direction = 'ltr' | 'rtl';
export const DEFAULT_LANGUAGE: Language = 'en';

/** "ar-SA" → "ar"; anything unsupported → English. */
export function toLanguage(code: string | null | undefined): Language {
  const [base = ''] = (code ?? '').toLowerCase().split(/[-_]/);
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : DEFAULT_LANGUAGE;
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
