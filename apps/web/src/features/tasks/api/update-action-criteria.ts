// PUT /services/workflow/api/v1/actions/{id}/criteria: sets the chain rule kept on this (target)
// action, or removes it with null.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Action, CriteriaRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const updateActionCriteriaMutationKey = ['actions', 'criteria'] as const;

export const updateActionCriteria = ({ actionId, body }: { actionId: number; body: CriteriaRequest }) =>
  api.put<Action>(`/v1/actions/${actionId}/criteria`, body, { base: 'workflow' });

export function useUpdateActionCriteriaMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateActionCriteriaMutationKey,
    mutationFn: updateActionCriteria,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId) }),
  });
}
