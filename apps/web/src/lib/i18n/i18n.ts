// i18next set-up: one namespace, English default and fallback, the language found in local
// storage (key "language") and then the browser's; switching stores the choice and flips direction.
// A language's texts are loaded before it is shown: `i18nReady` (sign-in's texts) before the
// first render, `loadAppTexts` before the first signed-in page (and a feature's own with its pages), and `setLanguage` (every part
// loaded so far) before switching.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, STORAGE_KEYS } from '@fieldops/shared/limits';
import { readStorage, writeStorage } from '../storage.ts';
import { DEFAULT_LANGUAGE, applyDocumentLanguage, detectLanguage, toLanguage, type Language } from './language.ts';
import { loadTranslations, type FeatureTextPart, type TextPart } from './resources.ts';

/** The browser's languages in its order of preference (none when drawing on the server). */
const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages.length > 0 ? navigator.languages : [navigator.language];

export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: detectLanguage(readStorage(STORAGE_KEYS.language), browserLanguages()),
    resources: {},
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance;
}

export const i18n = createI18n();

export function currentLanguage(instance: I18n = i18n): Language {
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}

const loading = new Map<string, Promise<void>>();
/** The parts every language shown from now on needs. */
const wanted = new Set<TextPart>(['sign-in']);

function ensurePart(language: Language, part: TextPart, instance: I18n): Promise<void> {
  const key = `${language}:${part}`;
  let pending = instance === i18n ? loading.get(key) : undefined;
  if (!pending) {
    pending = loadTranslations(language, part).then((tree) => {
      instance.addResourceBundle(language, 'translation', tree, true, true);
    });
    if (instance === i18n) {
      loading.set(key, pending);
      // A failed fetch is tried again next time.
      pending.catch(() => loading.delete(key));
    }
  }
  return pending;
}

/** Loads a language's texts into an instance (the parts wanted so far, or those given), once. */
export async function ensureLanguage(language: Language, instance: I18n = i18n, parts: Iterable<TextPart> = wanted): Promise<void> {
  await Promise.all([...parts].map((part) => ensurePart(language, part, instance)));
}

/**
 * Loads the texts of the signed-in pages, and those of the features given, in the current
 * language and in any language switched to later.
 */
export function loadAppTexts(...features: FeatureTextPart[]): Promise<void> {
  for (const part of ['app', ...features] as const) wanted.add(part);
  return ensureLanguage(currentLanguage());
}

export async function setLanguage(language: Language): Promise<void> {
  await ensureLanguage(language);
  writeStorage(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}

applyDocumentLanguage(currentLanguage());
/** The detected language's texts, loaded: awaited before the first render. */
export const i18nReady: Promise<void> = ensureLanguage(currentLanguage());
i18n.on('languageChanged', (code) => applyDocumentLanguage(toLanguage(code)));
