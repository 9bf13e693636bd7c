// POST /services/workflow/api/v1/actions/{id}/duplicate: a copy of the action in the same task.
import { useMutation } from '@tanstack/react-query';
import type { Action } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { useTaskRefresh } from './refresh-task.ts';

export const duplicateActionMutationKey = ['actions', 'duplicate'] as const;

export const duplicateAction = (actionId: number) => api.post<Action>(`/v1/actions/${actionId}/duplicate`, undefined, { base: 'workflow' });

export function useDuplicateActionMutation(taskId: number) {
  const refreshTask = useTaskRefresh();
  return useMutation({
    mutationKey: duplicateActionMutationKey,
    mutationFn: duplicateAction,
    onSuccess: () => void refreshTask(taskId),
  });
}
