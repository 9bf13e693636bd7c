// POST /services/workflow/api/v1/tasks: a new task (names, descriptions, geofence, tag).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const createTaskMutationKey = ['tasks', 'create'] as const;

export const createTask = (body: TaskRequest) => api.post<Task>('/v1/tasks', body, { base: 'workflow' });

export function useCreateTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createTaskMutationKey,
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists }),
  });
}
