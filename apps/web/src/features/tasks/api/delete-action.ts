// DELETE /services/workflow/api/v1/actions/{id}: refused (409) while a rule of another action
// depends on it.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useActionsRefresh } from './refresh-task.ts';

export const deleteActionMutationKey = ['actions', 'delete'] as const;

export const deleteAction = (actionId: number) => api.delete(`/v1/actions/${actionId}`, { base: 'workflow' });

export function useDeleteActionMutation(taskId: number) {
  const refreshActions = useActionsRefresh();
  return useMutation({ mutationKey: deleteActionMutationKey, mutationFn: deleteAction, onSuccess: () => void refreshActions(taskId) });
}
