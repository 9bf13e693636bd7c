// PUT /services/workflow/api/v2/tasks/{taskId}: the task's names, descriptions, geofence and
// tag. The task page passes the id it read from the last segment of its path (spec §2).
import { useMutation } from '@tanstack/react-query';
import type { Task, TaskRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { useTaskRefresh } from './refresh-task.ts';

export const updateTaskMutationKey = ['tasks', 'update'] as const;

export const updateTask = ({ taskId, body }: { taskId: number; body: TaskRequest }) => api.put<Task>(`/v2/tasks/${taskId}`, body, { base: 'workflow' });

export function useUpdateTaskMutation() {
  const refreshTask = useTaskRefresh();
  return useMutation({
    mutationKey: updateTaskMutationKey,
    mutationFn: updateTask,
    // Awaited: the form shows the saved values once the task is read again.
    onSuccess: (_task, { taskId }) => refreshTask(taskId),
  });
}
