// The task form: names and descriptions in both languages (either name is enough), the tag and,
// when creating, the geofence. It validates with the shared schema and shows the server's field
// errors under the fields.
import type { FormEvent } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@fieldops/shared/messages';
import { taskRequest, type Task, type TaskRequest } from '@fieldops/shared/tasks';
import { ApiError } from '../../../lib/api-error.ts';
import { errorOf, fieldErrorsToErrors, useFormState } from '../../../lib/form.ts';
import { BilingualFields } from './bilingual-fields.tsx';
import { GeofenceSwitch } from './geofence-switch.tsx';
import { TagSelect } from './tag-select.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

const FIELDS = ['nameEn', 'nameAr', 'descriptionEn', 'descriptionAr', 'tagId', 'geoRestrictionEnabled'] as const;

interface TaskFormProps {
  /** The task to edit; without it the form creates one and shows the geofence switch. */
  task?: Task;
  submitLabel: string;
  pending: boolean;
  /** Saves the validated body; rejects with the server's error. */
  onSubmit: (body: TaskRequest) => Promise<unknown>;
  onCancel?: () => void;
  readOnly?: boolean;
}

export function TaskForm({ task, submitLabel, pending, onSubmit, onCancel, readOnly = false }: TaskFormProps) {
  const { t } = useTranslation();
  const form = useFormState({
    nameEn: task?.nameEn ?? '',
    nameAr: task?.nameAr ?? '',
    descriptionEn: task?.descriptionEn ?? '',
    descriptionAr: task?.descriptionAr ?? '',
    tagId: task?.tagId ? String(task.tagId) : '',
    geoRestrictionEnabled: task?.geoRestrictionEnabled ?? true,
  });

  // Once at a time: a double click sends one task.
  const save = useSingleFlight(async () => {
    const body = form.validate(taskRequest, { ...form.values, tagId: form.values.tagId ? Number(form.values.tagId) : null });
    if (!body) return;
    await onSubmit(body).catch((error: unknown) => {
      if (error instanceof ApiError) form.setErrors(fieldErrorsToErrors(error.fieldErrors, FIELDS));
    });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const errors = {
    nameEn: errorOf(form.errors, 'nameEn'),
    nameAr: errorOf(form.errors, 'nameAr'),
    descriptionEn: errorOf(form.errors, 'descriptionEn'),
    descriptionAr: errorOf(form.errors, 'descriptionAr'),
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {readOnly ? null : (
          <Text size="sm" c="dimmed">
            {t('tasks.form.eitherName')}
          </Text>
        )}
        <BilingualFields
          values={form.values}
          onChange={(field, value) => {
            form.setValue(field, value);
            // Either name answers 'Name is required in English or Arabic', which sits on the English one.
            if (field === 'nameAr' && form.errors.nameEn === MSG.nameEnOrArRequired) {
              form.setErrors((current) => ({ ...current, nameEn: undefined }));
            }
          }}
          errors={errors}
          readOnly={readOnly}
          nameLabel={{ en: t('tasks.form.nameEn'), ar: t('tasks.form.nameAr') }}
        />
        <TagSelect
          label={t('tasks.form.tag')}
          value={form.values.tagId}
          onChange={(value) => form.setValue('tagId', value)}
          readOnly={readOnly}
          error={errorOf(form.errors, 'tagId')}
        />
        {task ? null : (
          <GeofenceSwitch
            checked={form.values.geoRestrictionEnabled}
            onChange={(checked) => form.setValue('geoRestrictionEnabled', checked)}
          />
        )}
        {readOnly ? null : (
          <Group justify="flex-end" gap="sm">
            {onCancel ? (
              <Button variant="default" onClick={onCancel} disabled={pending}>
                {t('actions.cancel')}
              </Button>
            ) : null}
            <Button type="submit" loading={pending} leftSection={<IconDeviceFloppy size={16} />}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
