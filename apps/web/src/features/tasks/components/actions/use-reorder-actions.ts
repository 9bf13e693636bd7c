// Moving an action up or down: the new order shows at once and is sent as the full list of ids;
// when the server refuses (a rule would point backwards), the old order comes back with
// 'Failed to reorder actions' and the server's reason.
import { useTranslation } from 'react-i18next';
import type { Action, TaskWithActions } from '@fieldops/shared/tasks';
import { notifyError } from '../../../../lib/notify.ts';
import { useReorderActionsMutation } from '../../api/reorder-actions.ts';
import { refusalText } from '../refusal-text.ts';

/** The actions with the one at `from` moved to `to`, numbered 1..n again. */
export function moveAction(actions: readonly Action[], from: number, to: number): Action[] {
  const next = [...actions];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next.map((action, index) => ({ ...action, order: index + 1 }));
}

export function useReorderActions(task: TaskWithActions) {
  const { t } = useTranslation();
  const reorder = useReorderActionsMutation(task);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= task.actions.length) return;
    reorder.mutate(moveAction(task.actions, from, to), {
      onError: (error) => notifyError(refusalText(error), t('messages.reorderActionsFailed')),
    });
  };

  return { move, pending: reorder.isPending };
}
