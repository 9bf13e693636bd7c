// Choosing the business's tags (at most 3, managed on the Business page): one for a task,
// several for an action.
import { useMemo } from 'react';
import { MultiSelect, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../../lib/localized.ts';
import { useTagsQuery } from '../../api/get-tags.ts';

function useTagOptions() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const tags = useTagsQuery();
  const options = useMemo(() => (tags.data?.data ?? []).map((tag) => ({ value: String(tag.id), label: localizedName(tag, language) })), [tags.data, language]);
  const hint = tags.isSuccess && options.length === 0 ? t('tasks.form.noTags') : undefined;
  return { options, hint, loading: tags.isPending, failed: tags.isError };
}

interface TagSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  error?: string;
}

export function TagSelect({ label, value, onChange, readOnly, error }: TagSelectProps) {
  const { t } = useTranslation();
  const { options, hint, loading, failed } = useTagOptions();
  return (
    <Select
      label={label}
      placeholder={loading ? t('app.loading') : t('tasks.form.noTag')}
      description={readOnly ? undefined : hint}
      error={error ?? (failed ? t('messages.fetchTagsFailed') : undefined)}
      clearable
      readOnly={readOnly}
      data={options}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface TagMultiSelectProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

export function TagMultiSelect({ label, value, onChange, error }: TagMultiSelectProps) {
  const { t } = useTranslation();
  const { options, hint, loading, failed } = useTagOptions();
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : loading ? t('app.loading') : t('tasks.form.chooseTags')}
      description={hint}
      error={error ?? (failed ? t('messages.fetchTagsFailed') : undefined)}
      clearable
      data={options}
      value={value}
      onChange={onChange}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
