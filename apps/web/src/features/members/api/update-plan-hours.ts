// PUT /services/workflow/api/v1/execution-plans/{id} {startTime, endTime}: new working hours
// for the execution plans carried over by a transfer (one call per changed plan).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planHoursRequest, type ExecutionPlan } from '@fieldops/shared/plans';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from './member-keys.ts';

export interface PlanHours {
  planId: number;
  startTime: string;
  endTime: string;
}

export const updatePlanHoursMutationKey = ['execution-plans', 'hours'] as const;

export const updatePlanHours = (changes: PlanHours[]) =>
  Promise.all(
    changes.map(({ planId, startTime, endTime }) =>
      api.put<ExecutionPlan>(`/v1/execution-plans/${planId}`, planHoursRequest.parse({ startTime, endTime }), { base: 'workflow' }),
    ),
  );

export function useUpdatePlanHoursMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updatePlanHoursMutationKey,
    mutationFn: updatePlanHours,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: memberKeys.plans }),
  });
}
