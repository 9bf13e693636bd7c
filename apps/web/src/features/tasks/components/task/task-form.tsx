// The task form: names and descriptions in both languages (either name is enough), the tag and,
// when creating, the geofence. It validates with the shared schema and shows the server's field
// errors under the fields.
import type { FormEvent } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { taskRequest, type Task, type TaskRequest } from '@fieldops/shared/tasks';
import { FormActions } from '../../../../components/form-actions.tsx';
import { useFormState } from '../../../../lib/form.ts';
import { BilingualFields, withoutEitherNameError } from '../bilingual-fields.tsx';
import { GeofenceSwitch } from './geofence-switch.tsx';
import { TagSelect } from './tag-select.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';

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
    await onSubmit(body).catch(form.showFieldErrors);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
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
            if (field === 'nameAr') form.setErrors(withoutEitherNameError);
          }}
          errorOf={form.error}
          readOnly={readOnly}
          nameLabel={{ en: t('tasks.form.nameEn'), ar: t('tasks.form.nameAr') }}
        />
        <TagSelect label={t('tasks.form.tag')} {...form.field('tagId')} readOnly={readOnly} />
        {task ? null : <GeofenceSwitch checked={form.values.geoRestrictionEnabled} onChange={(checked) => form.setValue('geoRestrictionEnabled', checked)} />}
        {readOnly ? null : <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />}
      </Stack>
    </form>
  );
}
