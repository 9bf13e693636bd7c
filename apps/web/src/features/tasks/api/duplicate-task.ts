// POST /services/workflow/api/v1/tasks/{taskId}/duplicate: a copy of the task and its actions.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const duplicateTaskMutationKey = ['tasks', 'duplicate'] as const;

export const duplicateTask = (taskId: number) => api.post<Task>(`/v1/tasks/${taskId}/duplicate`, undefined, { base: 'workflow' });

export function useDuplicateTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: duplicateTaskMutationKey,
    mutationFn: duplicateTask,
    // Not awaited: the copy's page may open at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: taskKeys.lists }),
  });
}
