// POST /services/workflow/api/v1/actions: a new action at the end of its task, tags included.
import { useMutation } from '@tanstack/react-query';
import type { Action, ActionRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { useActionsRefresh } from './refresh-task.ts';

export const createActionMutationKey = ['actions', 'create'] as const;

export const createAction = (body: ActionRequest) => api.post<Action>('/v1/actions', body, { base: 'workflow' });

export function useCreateActionMutation(taskId: number) {
  const refreshActions = useActionsRefresh();
  return useMutation({
    mutationKey: createActionMutationKey,
    mutationFn: createAction,
    // Whether it was added or refused, the task is read again before the form moves on.
    onSettled: () => refreshActions(taskId),
  });
}
