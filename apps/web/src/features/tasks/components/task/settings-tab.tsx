// The Settings tab: the task's names, descriptions and tag (PUT /v2/tasks/{id}, the id read from
// the page's path), and the geofence switch, the GPS accuracy, photo stamping and the pass mark, each saved on its own
// (PUT /v2/tasks/{id}/settings).
import { useState, type FormEvent } from 'react';
import { Button, Card, Group, NumberInput, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { TaskWithActions } from '@fieldops/shared/tasks';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { taskIdFromPath } from '../../api/get-task.ts';
import { useUpdateTaskSettingsMutation } from '../../api/update-task-settings.ts';
import { useUpdateTaskMutation } from '../../api/update-task.ts';
import { AccuracyThresholdForm } from './accuracy-threshold-form.tsx';
import { GeofenceSwitch } from './geofence-switch.tsx';
import { StampPhotosSwitch } from './stamp-photos-switch.tsx';
import { TaskForm } from './task-form.tsx';

export function SettingsTab({ task, canManage }: { task: TaskWithActions; canManage: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const update = useUpdateTaskMutation();
  const settings = useUpdateTaskSettingsMutation(task);

  const toggleGeofence = (geoRestrictionEnabled: boolean) => {
    settings.mutate(
      { taskId: task.id, body: { geoRestrictionEnabled } },
      {
        onSuccess: () => notifySuccess(t('messages.changesSaved')),
        onError: (error) => notifyError(errorMessage(error), t('messages.updateTaskSettingsFailed')),
      },
    );
  };

  return (
    <Stack gap="md" maw={880}>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="h4" mb="md">
          {t('tasks.settings.details')}
        </Title>
        {/* Keyed by the saved values so the form shows them after a save. */}
        <TaskForm
          key={JSON.stringify([task.nameEn, task.nameAr, task.descriptionEn, task.descriptionAr, task.tagId])}
          task={task}
          readOnly={!canManage}
          submitLabel={t('actions.saveChanges')}
          pending={update.isPending}
          onSubmit={(body) =>
            update
              // The geofence is saved by its own switch; the form keeps its current value.
              .mutateAsync({ taskId: taskIdFromPath(pathname), body: { ...body, geoRestrictionEnabled: task.geoRestrictionEnabled } })
              .then(
                () => notifySuccess(t('messages.changesSaved')),
                (error: unknown) => {
                  notifyError(errorMessage(error, 'updateTaskFailed'));
                  throw error;
                },
              )
          }
        />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="h4" mb="md">
          {t('tasks.settings.geofence')}
        </Title>
        <Stack gap="md">
          <GeofenceSwitch checked={task.geoRestrictionEnabled} onChange={toggleGeofence} disabled={!canManage || settings.isPending} />
          <AccuracyThresholdForm key={String(task.accuracyThreshold)} task={task} canManage={canManage} />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="h4" mb="md">
          {t('tasks.settings.photos')}
        </Title>
        <StampPhotosSwitch task={task} canManage={canManage} />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} fz="h4" mb="md">
          {t('tasks.passMark.label')}
        </Title>
        <PassMarkForm key={String(task.passMark)} task={task} canManage={canManage} />
      </Card>
    </Stack>
  );
}

/** The least total score, in percent, that passes an inspection; empty for none. */
function PassMarkForm({ task, canManage }: { task: TaskWithActions; canManage: boolean }) {
  const { t } = useTranslation();
  const settings = useUpdateTaskSettingsMutation(task);
  const [value, setValue] = useState<number | ''>(task.passMark ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    settings.mutate(
      { taskId: task.id, body: { passMark: value === '' ? null : value } },
      {
        onSuccess: () => notifySuccess(t('tasks.passMark.saved')),
        onError: (error) => notifyError(errorMessage(error), t('messages.updateTaskSettingsFailed')),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t('tasks.passMark.label')}
          description={t('tasks.passMark.hint')}
          min={0}
          max={100}
          suffix=" %"
          value={value}
          onChange={(next) => setValue(typeof next === 'number' ? next : '')}
          readOnly={!canManage}
          maw={320}
        />
        {canManage ? (
          <Button type="submit" loading={settings.isPending}>
            {t('tasks.passMark.save')}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
