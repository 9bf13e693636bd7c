// Duplicating a task from the list or from its page: a toast, a fresh list, and the copy's page
// when the caller wants to go there.
import { useTranslation } from 'react-i18next';
import type { Task } from '@fieldops/shared/tasks';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useDuplicateTaskMutation } from '../../api/duplicate-task.ts';

export function useDuplicateTask(onDuplicated?: (copy: Task) => void) {
  const { t } = useTranslation();
  const duplicate = useDuplicateTaskMutation();
  const run = (taskId: number) =>
    duplicate.mutate(taskId, {
      onSuccess: (copy) => {
        notifySuccess(t('tasks.duplicated'));
        onDuplicated?.(copy);
      },
      onError: (error) => notifyError(errorMessage(error, 'duplicateTaskFailed')),
    });
  return { run, pending: duplicate.isPending };
}
