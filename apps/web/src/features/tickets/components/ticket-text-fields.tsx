// The ticket's title and description inputs, shared by the create form and the in-place edit.
import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../../lib/form.ts';

interface TicketTextFieldsProps {
  /** The form's `field`: value, change handler and error of each input. */
  field: (name: 'title' | 'description') => FieldProps<string>;
  /** Rows the description grows between. */
  rows?: { min: number; max: number };
}

export function TicketTextFields({ field, rows = { min: 3, max: 10 } }: TicketTextFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={t('tickets.fields.title')} required data-autofocus {...field('title')} />
      <Textarea label={t('tickets.fields.description')} required autosize minRows={rows.min} maxRows={rows.max} {...field('description')} />
    </>
  );
}
