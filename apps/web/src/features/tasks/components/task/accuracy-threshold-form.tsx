// The GPS accuracy a task's answers need (PUT /v2/tasks/{id}/settings): an answer whose position is
// less precise is marked location unverified and not counted. Empty: each site's radius.
import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaskWithActions } from '@fieldops/shared/tasks';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useUpdateTaskSettingsMutation } from '../../api/update-task-settings.ts';

export function AccuracyThresholdForm({ task, canManage }: { task: TaskWithActions; canManage: boolean }) {
  const { t } = useTranslation();
  const settings = useUpdateTaskSettingsMutation(task);
  const [value, setValue] = useState<number | ''>(task.accuracyThreshold ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    settings.mutate(
      { taskId: task.id, body: { accuracyThreshold: value === '' ? null : value } },
      {
        onSuccess: () => notifySuccess(t('tasks.accuracy.saved')),
        onError: (error) => notifyError(errorMessage(error), t('messages.updateTaskSettingsFailed')),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t('tasks.accuracy.label')}
          description={t('tasks.accuracy.hint')}
          min={1}
          max={10_000}
          allowDecimal={false}
          suffix=" m"
          value={value}
          onChange={(next) => setValue(typeof next === 'number' ? next : '')}
          readOnly={!canManage || !task.geoRestrictionEnabled}
          maw={320}
        />
        {canManage && task.geoRestrictionEnabled ? (
          <Button type="submit" loading={settings.isPending}>
            {t('tasks.accuracy.save')}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
