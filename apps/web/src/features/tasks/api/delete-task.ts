// DELETE /services/workflow/api/v1/tasks/{taskId}: the task and its actions.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const deleteTaskMutationKey = ['tasks', 'delete'] as const;

export const deleteTask = (taskId: number) => api.delete(`/v1/tasks/${taskId}`, { base: 'workflow' });

export function useDeleteTaskMutation() {
  return useMutation({ mutationKey: deleteTaskMutationKey, mutationFn: deleteTask });
}
