// Adds a day off of the business's own: its date and its names in English and Arabic, checked
// with the shared rule.
import type { FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ownHolidayRequest } from '@fieldops/shared/business-calendar-api';
import { useFormState } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateHolidayMutation } from '../api/create-holiday.ts';

const EMPTY = { date: '', nameEn: '', nameAr: '' };

export function OwnHolidayForm({ onAdded }: { onAdded: (date: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateHolidayMutation();
  const form = useFormState(EMPTY);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(ownHolidayRequest);
    if (!body) return;
    create.mutate(body, {
      onSuccess: (added) => {
        notifySuccess(t('business.calendar.added'));
        form.setValues(EMPTY);
        onAdded(added.date);
      },
      onError: form.refused('saveHolidayFailed'),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('business.calendar.addTitle')}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput type="date" label={t('business.calendar.date')} required w={170} {...form.field('date')} />
        <TextInput label={t('business.calendar.nameEn')} required dir="ltr" w={200} {...form.field('nameEn')} />
        <TextInput label={t('business.calendar.nameAr')} required dir="rtl" w={200} {...form.field('nameAr')} />
        <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={create.isPending}>
          {t('business.calendar.add')}
        </Button>
      </Group>
    </form>
  );
}
