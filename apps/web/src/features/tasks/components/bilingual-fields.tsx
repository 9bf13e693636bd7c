// Name and description in English and in Arabic, side by side on wide screens, the interface's
// language first. Each input keeps the direction of its language whatever the interface is in.
import { SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

export interface BilingualValues {
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
}

interface BilingualFieldsProps {
  values: BilingualValues;
  onChange: <K extends keyof BilingualValues>(field: K, value: string) => void;
  errors: Partial<Record<keyof BilingualValues, string>>;
  readOnly?: boolean;
  /** Label of the name inputs, e.g. "Task name". */
  nameLabel: { en: string; ar: string };
}

export function BilingualFields({ values, onChange, errors, readOnly, nameLabel }: BilingualFieldsProps) {
  const { t, i18n } = useTranslation();
  const arabicFirst = currentLanguage(i18n) === 'ar';
  const column = (lang: 'En' | 'Ar') => (
    <Stack gap="sm">
      <TextInput
        label={lang === 'En' ? nameLabel.en : nameLabel.ar}
        dir={lang === 'En' ? 'ltr' : 'rtl'}
        readOnly={readOnly}
        data-autofocus={(lang === 'Ar') === arabicFirst ? true : undefined}
        value={values[`name${lang}`]}
        onChange={(event) => onChange(`name${lang}`, event.currentTarget.value)}
        error={errors[`name${lang}`]}
      />
      <Textarea
        label={t(lang === 'En' ? 'tasks.form.descriptionEn' : 'tasks.form.descriptionAr')}
        dir={lang === 'En' ? 'ltr' : 'rtl'}
        autosize
        minRows={2}
        maxRows={6}
        readOnly={readOnly}
        value={values[`description${lang}`]}
        onChange={(event) => onChange(`description${lang}`, event.currentTarget.value)}
        error={errors[`description${lang}`]}
      />
    </Stack>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {column(arabicFirst ? 'Ar' : 'En')}
      {column(arabicFirst ? 'En' : 'Ar')}
    </SimpleGrid>
  );
}
