// The business configuration lookups: project types and site types, each with an English and
// an Arabic name, saved together with PUT /v1/business/config/api-key/{apiKey}/lookup.
import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Lookups } from '@fieldops/shared/account';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateLookupsMutation } from '../api/update-lookups.ts';
import { LookupList } from './lookup-list.tsx';
import { LOOKUP_LISTS, newRow, rowsOf, validateLookups, type LookupErrors, type LookupListName, type LookupRows } from './lookup-rows.ts';

interface LookupsFormProps {
  apiKey: string;
  initial: Lookups;
  readOnly: boolean;
}

export function LookupsForm({ apiKey, initial, readOnly }: LookupsFormProps) {
  const { t } = useTranslation();
  const save = useUpdateLookupsMutation();
  const [rows, setRows] = useState<LookupRows>(() => rowsOf(initial));
  const [errors, setErrors] = useState<LookupErrors>({});

  const change = (list: LookupListName, index: number, field: 'nameEn' | 'nameAr', value: string) => {
    setRows((current) => ({
      ...current,
      [list]: current[list].map((row, i) => (i === index ? { ...row, [field]: value } : row)),
    }));
    setErrors((current) => {
      const { [`${list}.${index}.${field}`]: _removed, ...rest } = current;
      return rest;
    });
  };
  // Errors are keyed by position, so they are checked again after rows move.
  const remove = (list: LookupListName, index: number) => {
    setRows((current) => ({ ...current, [list]: current[list].filter((_, i) => i !== index) }));
    setErrors({});
  };
  const add = (list: LookupListName) => setRows((current) => ({ ...current, [list]: [...current[list], newRow()] }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = validateLookups(rows);
    setErrors(found);
    if (!body) return;
    save.mutate(
      { apiKey, body },
      {
        onSuccess: (saved) => {
          setRows(rowsOf(saved));
          notifySuccess(t('messages.changesSaved'));
        },
        onError: (error) => notifyError(errorMessage(error, 'saveFailed')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {LOOKUP_LISTS.map((list) => (
          <Card key={list} withBorder radius="md" padding="lg" component="section" aria-labelledby={`lookups-${list}`}>
            <Title order={2} fz="h4" id={`lookups-${list}`}>
              {t(`settings.lookups.${list}.title`)}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t(`settings.lookups.${list}.description`)}
            </Text>
            <LookupList
              list={list}
              rows={rows[list]}
              errors={errors}
              readOnly={readOnly}
              onChange={(index, field, value) => change(list, index, field, value)}
              onRemove={(index) => remove(list, index)}
              onAdd={() => add(list)}
            />
          </Card>
        ))}
        {readOnly ? null : (
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
              {t('settings.lookups.removeNote')}
            </Text>
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              {t('actions.saveChanges')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
