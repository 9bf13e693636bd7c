// POST /services/workflow/api/v1/execution-plans/assignType/GROUP/create: one group plan for
// chosen members of a site (a child plan per member is made by the server).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExecutionPlan, GroupPlanRequest } from '@fieldops/shared/plans';
import { api } from '../../../lib/api-client.ts';
import { planKeys } from './task-keys.ts';

export const createGroupPlanMutationKey = ['execution-plans', 'create'] as const;

export const createGroupPlan = (body: GroupPlanRequest) => api.post<ExecutionPlan>('/v1/execution-plans/assignType/GROUP/create', body, { base: 'workflow' });

export function useCreateGroupPlanMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createGroupPlanMutationKey,
    mutationFn: createGroupPlan,
    // Awaited: the form closes once the task's plans show the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.ofTask(taskId) }),
  });
}
