// English / العربية switch; the choice is stored and flips the page direction.
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@fieldops/shared/limits';
import { currentLanguage, setLanguage } from '../lib/i18n/i18n.ts';
import { toLanguage } from '../lib/i18n/language.ts';

export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size={size}
      radius="xl"
      aria-label={t('language.label')}
      value={currentLanguage(i18n)}
      onChange={(value) => void setLanguage(toLanguage(value))}
      // The radios stay invisible but keep a 1px box, so automation can check them like any radio.
      styles={{ input: { width: 1, height: 1 } }}
      data={LANGUAGES.map((language) => ({
        value: language,
        label: <span lang={language}>{t(`language.${language}`)}</span>,
      }))}
    />
  );
}
