// Add or edit an action in a dialog.
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Action } from '@fieldops/shared/tasks';
import { ActionForm } from './action-form.tsx';

interface ActionFormModalProps {
  taskId: number;
  opened: boolean;
  action?: Action | null;
  onClose: () => void;
}

export function ActionFormModal({ taskId, opened, action, onClose }: ActionFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(action ? 'tasks.actionForm.editTitle' : 'tasks.actionForm.newTitle')}
      size="xl"
      centered
    >
      {opened ? <ActionForm taskId={taskId} action={action ?? undefined} onSaved={onClose} onCancel={onClose} /> : null}
    </Modal>
  );
}
