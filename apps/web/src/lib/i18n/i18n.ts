// i18next set-up: one namespace, English default and fallback, detection from local storage
// (key "language") and then the browser; switching stores the choice and flips direction.
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, STORAGE_KEYS } from '@fieldops/shared/limits';
import { writeStorage } from '../storage.ts';
import { DEFAULT_LANGUAGE, applyDocumentLanguage, toLanguage, type Language } from './language.ts';
import { translations } from './resources.ts';

export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: {
        en: { translation: translations.en },
        ar: { translation: translations.ar },
      },
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

export async function setLanguage(language: Language): Promise<void> {
  writeStorage(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}

applyDocumentLanguage(currentLanguage());
i18n.on('languageChanged', (code) => applyDocumentLanguage(toLanguage(code)));
