// /tasks/new: creating a task (names, descriptions, geofence, tag); its page opens next, where
// its actions are added.
import { Anchor, Card, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useCreateTaskMutation } from './api/create-task.ts';
import { TaskForm } from './components/task/task-form.tsx';

export function NewTaskPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canManageTasks } = useAccess();
  const create = useCreateTaskMutation();

  const header = <PageHeader title={t('tasks.create.title')} description={t('tasks.create.description')} />;
  // Members cannot create tasks; the address alone does not open the form.
  if (!canManageTasks) {
    return (
      <>
        {header}
        <EmptyState withCard icon={<IconLock size={28} />} title={t('tasks.readOnlyTitle')} description={t('tasks.readOnlyText')} />
      </>
    );
  }

  return (
    <>
      {header}
      <Card withBorder radius="md" padding="lg" maw={880}>
        <TaskForm
          submitLabel={t('tasks.create.submit')}
          pending={create.isPending}
          onCancel={() => void navigate(paths.tasks)}
          onSubmit={(body) =>
            create.mutateAsync(body).then(
              (task) => {
                notifySuccess(t('tasks.create.done'));
                void navigate(paths.task(task.id));
              },
              (error: unknown) => {
                notifyError(errorMessage(error, 'createTaskFailed'));
                throw error;
              },
            )
          }
        />
      </Card>
      <Text size="sm" c="dimmed" mt="md">
        {t('tasks.create.templateHint')} {/* A link inside a sentence is told apart by more than its colour (WCAG 1.4.1). */}
        <Anchor component={Link} to={paths.taskTemplates} size="sm" underline="always">
          {t('tasks.create.templateLink')}
        </Anchor>
      </Text>
    </>
  );
}
