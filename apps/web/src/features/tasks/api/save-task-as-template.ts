// POST /services/workflow/api/v1/tasks/{taskId}/template: keeps the task as one of the
// business's own templates.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Template } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './task-keys.ts';

export const saveTaskAsTemplateMutationKey = ['templates', 'create'] as const;

export const saveTaskAsTemplate = (taskId: number) => api.post<Template>(`/v1/tasks/${taskId}/template`, undefined, { base: 'workflow' });

export function useSaveTaskAsTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveTaskAsTemplateMutationKey,
    mutationFn: saveTaskAsTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templateKeys.lists }),
  });
}
