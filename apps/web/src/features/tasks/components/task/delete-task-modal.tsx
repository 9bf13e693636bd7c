// Confirms deleting a task with its actions; a refusal of the server is shown in the dialog.
import { useTranslation } from 'react-i18next';
import type { Task } from '@fieldops/shared/tasks';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../../lib/localized.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useDeleteTaskMutation } from '../../api/delete-task.ts';

interface DeleteTaskModalProps {
  task: Pick<Task, 'id' | 'nameEn' | 'nameAr'> | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteTaskModal({ task, onClose, onDeleted }: DeleteTaskModalProps) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteTaskMutation();
  const name = task ? localizedName(task, currentLanguage(i18n)) || t('tasks.untitled') : '';

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!task) return;
    remove.mutate(task.id, {
      onSuccess: () => {
        notifySuccess(t('tasks.delete.done', { name }));
        close();
        onDeleted?.();
      },
    });
  };

  return (
    <ConfirmModal
      opened={task !== null}
      title={t('tasks.delete.title')}
      message={task ? t('tasks.delete.text', { name }) : ''}
      confirmLabel={t('actions.delete')}
      onConfirm={confirm}
      onClose={close}
      loading={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, 'deleteTaskFailed') : null}
    />
  );
}
