// POST /services/workflow/api/v1/tasks/templates/{templateId}/tasks: a new task copied from a
// template, which can then be changed like any other.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const createTaskFromTemplateMutationKey = ['tasks', 'from-template'] as const;

export const createTaskFromTemplate = (templateId: number) => api.post<Task>(`/v1/tasks/templates/${templateId}/tasks`, undefined, { base: 'workflow' });

export function useCreateTaskFromTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createTaskFromTemplateMutationKey,
    mutationFn: createTaskFromTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists }),
  });
}
