// PUT /services/workflow/api/v1/execution-plans/{id}/switch-status {paused}: pauses a plan (its
// occurrences from today on are hidden) or resumes it (they come back from the next day).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import { api } from '../../../lib/api-client.ts';
import { planKeys } from './task-keys.ts';

export const switchPlanStatusMutationKey = ['execution-plans', 'switch-status'] as const;

export const switchPlanStatus = ({ planId, paused }: { planId: number; paused: boolean }) =>
  api.put<ExecutionPlan>(`/v1/execution-plans/${planId}/switch-status`, { paused }, { base: 'workflow' });

export function useSwitchPlanStatusMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: switchPlanStatusMutationKey,
    mutationFn: switchPlanStatus,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: planKeys.ofTask(taskId) }),
  });
}
