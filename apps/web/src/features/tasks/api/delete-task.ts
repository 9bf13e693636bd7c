// DELETE /services/workflow/api/v1/tasks/{taskId}: the task and its actions.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const deleteTaskMutationKey = ['tasks', 'delete'] as const;

export const deleteTask = (taskId: number) => api.delete(`/v1/tasks/${taskId}`, { base: 'workflow' });

export function useDeleteTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteTaskMutationKey,
    mutationFn: deleteTask,
    onSuccess: (_done, taskId) => {
      queryClient.removeQueries({ queryKey: taskKeys.detail(taskId) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
    },
  });
}
