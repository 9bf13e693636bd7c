// Pausing and resuming a plan behind a confirmation: pausing hides its occurrences from today on
// (the task cannot be executed today); resuming brings them back from the next day.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useSwitchPlanStatusMutation } from '../../api/switch-plan-status.ts';

export function usePlanSwitch(taskId: number) {
  const { t } = useTranslation();
  const mutation = useSwitchPlanStatusMutation(taskId);
  const [plan, setPlan] = useState<ExecutionPlan | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pausing = plan ? !plan.paused : true;

  const close = () => {
    setPlan(null);
    setFailure(null);
  };

  const confirm = () => {
    if (!plan) return;
    setFailure(null);
    mutation.mutate(
      { planId: plan.id, paused: !plan.paused },
      {
        onSuccess: () => {
          notifySuccess(t(pausing ? 'messages.planPaused' : 'messages.planResumed'));
          close();
        },
        onError: (error) => setFailure(errorMessage(error, 'switchPlanStatusFailed')),
      },
    );
  };

  const modal = (
    <ConfirmModal
      opened={plan !== null}
      title={t(pausing ? 'tasks.plans.pauseTitle' : 'tasks.plans.resumeTitle')}
      message={t(pausing ? 'tasks.plans.pauseText' : 'tasks.plans.resumeText')}
      confirmLabel={t(pausing ? 'tasks.plans.pause' : 'tasks.plans.resume')}
      onConfirm={confirm}
      onClose={close}
      loading={mutation.isPending}
      error={failure}
      danger={pausing}
    />
  );

  return { ask: setPlan, modal };
}
