// The task page's own actions: duplicate (then open the copy), save as template, delete.
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconCopy, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TaskWithActions } from '@fieldops/shared/tasks';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { paths } from '../../../../lib/paths.ts';
import { useSaveTaskAsTemplateMutation } from '../../api/save-task-as-template.ts';
import { DeleteTaskModal } from './delete-task-modal.tsx';
import { useDuplicateTask } from './use-duplicate-task.ts';

export function TaskHeaderActions({ task }: { task: TaskWithActions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const duplicate = useDuplicateTask((copy) => void navigate(paths.task(copy.id)));
  const saveTemplate = useSaveTaskAsTemplateMutation();

  const saveAsTemplate = () =>
    saveTemplate.mutate(task.id, {
      onSuccess: () => notifySuccess(t('tasks.detail.templateSaved')),
      onError: (error) => notifyError(errorMessage(error, 'saveTemplateFailed')),
    });

  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => duplicate.run(task.id)} loading={duplicate.pending}>
          {t('actions.duplicate')}
        </Button>
        <Button variant="default" leftSection={<IconTemplate size={16} />} onClick={saveAsTemplate} loading={saveTemplate.isPending}>
          {t('tasks.detail.saveAsTemplate')}
        </Button>
        <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
          {t('actions.delete')}
        </Button>
      </Group>
      <DeleteTaskModal task={deleting ? task : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate(paths.tasks, { replace: true })} />
    </>
  );
}
