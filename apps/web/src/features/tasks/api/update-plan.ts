// PUT /services/workflow/api/v2/execution-plans/{id}: the whole schedule of a group plan or of a
// member's own plan (a member's plan inside a group is changed through its group).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanUpdateRequest, PlanWithChildren } from '@fieldops/shared/plans';
import { api } from '../../../lib/api-client.ts';
import { planKeys } from './task-keys.ts';

export const updatePlanMutationKey = ['execution-plans', 'update'] as const;

export const updatePlan = ({ planId, body }: { planId: number; body: PlanUpdateRequest }) =>
  api.put<PlanWithChildren>(`/v2/execution-plans/${planId}`, body, { base: 'workflow' });

export function useUpdatePlanMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updatePlanMutationKey,
    mutationFn: updatePlan,
    // Awaited: the form closes once the task's plans show the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.ofTask(taskId) }),
  });
}
