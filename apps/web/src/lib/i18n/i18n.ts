// i18next set-up: one namespace, English default and fallback, detection from local storage
// (key "language") and then the browser; switching stores the choice and flips direction.
// A language's texts are loaded before it is shown: `i18nReady` before the first render, and
// `setLanguage` before switching.
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, STORAGE_KEYS } from '@fieldops/shared/limits';
import { writeStorage } from '../storage.ts';
import { DEFAULT_LANGUAGE, applyDocumentLanguage, toLanguage, type Language } from './language.ts';
import { loadTranslations } from './resources.ts';

export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: {},
      partialBundledLanguages: true,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: DEFAULT_LANGUAGE,
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: STORAGE_KEYS.language,
        // The choice is stored only when the user switches (setLanguage), not on detection.
        caches: [],
      },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  return instance;
}

export const i18n = createI18n();

export function currentLanguage(instance: I18n = i18n): Language {
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}

const loading = new Map<Language, Promise<void>>();

/** Loads a language's texts into an instance, once. */
export function ensureLanguage(language: Language, instance: I18n = i18n): Promise<void> {
  if (instance.hasResourceBundle(language, 'translation')) return Promise.resolve();
  let pending = instance === i18n ? loading.get(language) : undefined;
  if (!pending) {
    pending = loadTranslations(language).then((tree) => {
      instance.addResourceBundle(language, 'translation', tree, true, true);
    });
    if (instance === i18n) loading.set(language, pending);
  }
  return pending;
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
