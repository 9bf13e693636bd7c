// Create or edit an execution plan in a dialog.
import { useTranslation } from 'react-i18next';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import { FormModal } from '../../../../components/form-modal.tsx';
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
    <FormModal opened={opened} onClose={onClose} title={t(plan ? 'tasks.plans.form.editTitle' : 'tasks.plans.form.newTitle')} size="xl">
      {({ close }) => <PlanForm taskId={taskId} plan={plan ?? undefined} onSaved={close} onCancel={close} />}
    </FormModal>
  );
}
