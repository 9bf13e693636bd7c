// Create or edit an execution plan in a dialog.
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExecutionPlan } from '@fieldops/shared/schedules';
import { PlanForm } from './plan-form.tsx';

interface PlanFormModalProps {
  taskId: number;
  opened: boolean;
  plan?: ExecutionPlan | null;
  onClose: () => void;
}

export function PlanFormModal({ taskId, opened, plan, onClose }: PlanFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(plan ? 'tasks.plans.form.editTitle' : 'tasks.plans.form.newTitle')} size="xl" centered>
      {opened ? <PlanForm taskId={taskId} plan={plan ?? undefined} onSaved={onClose} onCancel={onClose} /> : null}
    </Modal>
  );
}
