// POST /services/workflow/api/v1/actions/order: every action of the task, once, in the new order.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Action, ReorderActionsRequest, TaskWithActions } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const reorderActionsMutationKey = ['actions', 'order'] as const;

export const reorderActions = (body: ReorderActionsRequest) => api.post<unknown>('/v1/actions/order', body, { base: 'workflow' });

/**
 * Sends the task's actions in their new order, which shows at once; a refusal puts the order the
 * cache had before back. Either way the task is read again.
 */
export function useReorderActionsMutation(task: TaskWithActions) {
  const queryClient = useQueryClient();
  const key = taskKeys.detail(task.id);
  return useMutation({
    mutationKey: reorderActionsMutationKey,
    mutationFn: (actions: Action[]) => reorderActions({ taskId: task.id, actionIds: actions.map((action) => action.id) }),
    onMutate: (actions) => {
      const previous = queryClient.getQueryData<TaskWithActions>(key);
      queryClient.setQueryData<TaskWithActions>(key, { ...task, actions });
      return { previous };
    },
    onError: (_error, _actions, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
