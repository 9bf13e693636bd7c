// Name and description in English and in Arabic, side by side on wide screens, the interface's
// language first. Each input keeps the direction of its language whatever the interface is in.
import { SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

export interface BilingualValues {
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
}

/**
 * Either name answers 'Name is required in English or Arabic', which sits on the English one:
 * the errors without it, once the Arabic name is written.
 */
export function withoutEitherNameError<E extends { nameEn?: string }>(errors: E): E {
  return errors.nameEn === MSG.nameEnOrArRequired ? { ...errors, nameEn: undefined } : errors;
}

interface BilingualFieldsProps {
  values: BilingualValues;
  onChange: <K extends keyof BilingualValues>(field: K, value: string) => void;
  /** Translated error of each field. */
  errorOf: (field: keyof BilingualValues) => string | undefined;
  readOnly?: boolean;
  /** Label of the name inputs, e.g. "Task name". */
  nameLabel: { en: string; ar: string };
}

export function BilingualFields({ values, onChange, errorOf, readOnly, nameLabel }: BilingualFieldsProps) {
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
        error={errorOf(`name${lang}`)}
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
        error={errorOf(`description${lang}`)}
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
