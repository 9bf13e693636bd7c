// POST /services/workflow/api/v1/tasks: a new task (names, descriptions, geofence, tag).
import { useMutation } from '@tanstack/react-query';
import type { Task, TaskRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';

export const createTaskMutationKey = ['tasks', 'create'] as const;

export const createTask = (body: TaskRequest) => api.post<Task>('/v1/tasks', body, { base: 'workflow' });

export function useCreateTaskMutation() {
  return useMutation({ mutationKey: createTaskMutationKey, mutationFn: createTask });
}
