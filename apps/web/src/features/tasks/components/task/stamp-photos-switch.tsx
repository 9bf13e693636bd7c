// Whether the device stamps a task's answer photos (PUT /v2/tasks/{id}/settings): the capture
// time, the site's name and the position written in a band below each photo before it is queued.
import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaskWithActions } from '@fieldops/shared/tasks';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useUpdateTaskSettingsMutation } from '../../api/update-task-settings.ts';

export function StampPhotosSwitch({ task, canManage }: { task: TaskWithActions; canManage: boolean }) {
  const { t } = useTranslation();
  const settings = useUpdateTaskSettingsMutation(task);
  const toggle = (stampPhotos: boolean) =>
    settings.mutate(
      { taskId: task.id, body: { stampPhotos } },
      {
        onSuccess: () => notifySuccess(t(stampPhotos ? 'tasks.stamp.on' : 'tasks.stamp.off')),
        onError: (error) => notifyError(errorMessage(error), t('messages.updateTaskSettingsFailed')),
      },
    );
  return (
    <Switch
      label={t('tasks.stamp.label')}
      description={t('tasks.stamp.hint')}
      checked={task.stampPhotos === true}
      disabled={!canManage || settings.isPending}
      onChange={(event) => toggle(event.currentTarget.checked)}
    />
  );
}
