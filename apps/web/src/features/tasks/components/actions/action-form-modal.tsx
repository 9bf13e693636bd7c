// Add or edit an action in a dialog.
import { useTranslation } from 'react-i18next';
import type { Action, Section } from '@fieldops/shared/tasks';
import { FormModal } from '../../../../components/form-modal.tsx';
import { ActionForm } from './action-form.tsx';

interface ActionFormModalProps {
  taskId: number;
  sections?: readonly Section[];
  defaultSectionId?: number | null;
  opened: boolean;
  action?: Action | null;
  onClose: () => void;
}

export function ActionFormModal({ taskId, sections, defaultSectionId, opened, action, onClose }: ActionFormModalProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t(action ? 'tasks.actionForm.editTitle' : 'tasks.actionForm.newTitle')} size="xl">
      {({ close }) => (
        <ActionForm taskId={taskId} sections={sections} defaultSectionId={defaultSectionId} action={action ?? undefined} onSaved={close} onCancel={close} />
      )}
    </FormModal>
  );
}
