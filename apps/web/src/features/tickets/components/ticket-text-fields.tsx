// The ticket's title and description inputs, shared by the create form and the in-place edit.
import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TextField = 'title' | 'description';

interface TicketTextFieldsProps {
  values: Record<TextField, string>;
  errors: Partial<Record<TextField, string>>;
  onChange: (field: TextField, value: string) => void;
  /** Rows the description grows between. */
  rows?: { min: number; max: number };
}

export function TicketTextFields({ values, errors, onChange, rows = { min: 3, max: 10 } }: TicketTextFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('tickets.fields.title')}
        required
        data-autofocus
        value={values.title}
        onChange={(event) => onChange('title', event.currentTarget.value)}
        error={errors.title}
      />
      <Textarea
        label={t('tickets.fields.description')}
        required
        autosize
        minRows={rows.min}
        maxRows={rows.max}
        value={values.description}
        onChange={(event) => onChange('description', event.currentTarget.value)}
        error={errors.description}
      />
    </>
  );
}
