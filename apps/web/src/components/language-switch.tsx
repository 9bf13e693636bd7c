// English / العربية switch; the choice is stored and flips the page direction. The other
// language's texts may still be on their way: the switch shows the choice at once and the page
// follows when they arrive (a failure to fetch them leaves the page, and the switch, as they were).
// A signed-in person's choice is told to the server too, for the e-mails and pushes it sends them;
// should that fail, the next switch tells it again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@fieldops/shared/limits';
import { currentLanguage, setLanguage } from '../lib/i18n/i18n.ts';
import { type Language } from '../lib/i18n/language.ts';
import { updateLanguage } from '../lib/session/api/update-language.ts';
import { isAuthenticated } from '../lib/storage.ts';
import { Segments } from './segments.tsx';

export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<Language | null>(null);
  const choose = (language: Language) => {
    setChosen(language);
    void setLanguage(language)
      .then(
        () => {
          if (isAuthenticated()) void updateLanguage(language).catch(() => undefined);
        },
        () => undefined,
      )
      .finally(() => setChosen(null));
  };
  return (
    <Segments
      size={size}
      round
      label={t('language.label')}
      value={chosen ?? currentLanguage(i18n)}
      onChange={choose}
      data={LANGUAGES.map((language) => ({
        value: language,
        label: <span lang={language}>{t(`language.${language}`)}</span>,
      }))}
    />
  );
}
