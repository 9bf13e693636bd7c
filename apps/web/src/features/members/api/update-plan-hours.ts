// PUT /services/workflow/api/v2/execution-plans/{id}: new working hours for an execution plan
// carried over by a transfer.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PlanHours {
  planId: number;
  startTime: string;
  endTime: string;
}

export const updatePlanHoursMutationKey = ['execution-plans', 'hours'] as const;

export const updatePlanHours = (changes: PlanHours[]) =>
  Promise.all(
    changes.map(({ planId, startTime, endTime }) =>
      api.put(`/v2/execution-plans/${planId}`, { startTime, endTime }, { base: 'workflow' }),
    ),
  );

export function useUpdatePlanHoursMutation() {
  return useMutation({ mutationKey: updatePlanHoursMutationKey, mutationFn: updatePlanHours });
}
