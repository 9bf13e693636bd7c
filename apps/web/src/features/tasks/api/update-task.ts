// PUT /services/workflow/api/v2/tasks/{taskId}: the task's names, descriptions, geofence and
// tag. The task page passes the id it read from the last segment of its path (spec §2).
import { useMutation } from '@tanstack/react-query';
import type { Task, TaskRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';

export const updateTaskMutationKey = ['tasks', 'update'] as const;

export const updateTask = ({ taskId, body }: { taskId: number; body: TaskRequest }) =>
  api.put<Task>(`/v2/tasks/${taskId}`, body, { base: 'workflow' });

export function useUpdateTaskMutation() {
  return useMutation({ mutationKey: updateTaskMutationKey, mutationFn: updateTask });
}
