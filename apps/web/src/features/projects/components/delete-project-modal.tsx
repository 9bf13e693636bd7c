// Confirms deleting a project. The server refuses while the project still has sites; its
// message is shown in the dialog.
import { useTranslation } from 'react-i18next';
import type { Project } from '@fieldops/shared/organisation';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteProjectMutation } from '../api/delete-project.ts';

interface DeleteProjectModalProps {
  project: Project | null;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteProjectModal({ project, onClose, onDeleted }: DeleteProjectModalProps) {
  const { t } = useTranslation();
  const remove = useDeleteProjectMutation();

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!project) return;
    remove.mutate(project.id, {
      onSuccess: () => {
        notifySuccess(t('projects.delete.done', { name: project.name }));
        close();
        onDeleted?.();
      },
    });
  };

  return (
    <ConfirmModal
      opened={project !== null}
      title={t('projects.delete.title')}
      message={project ? t('projects.delete.text', { name: project.name }) : ''}
      confirmLabel={t('actions.delete')}
      onConfirm={confirm}
      onClose={close}
      loading={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, 'deleteProjectFailed') : null}
    />
  );
}
