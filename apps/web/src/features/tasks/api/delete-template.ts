// DELETE /services/workflow/api/v1/tasks/templates/{templateId}: only the business's own
// templates; the library's are read-only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './task-keys.ts';

export const deleteTemplateMutationKey = ['templates', 'delete'] as const;

export const deleteTemplate = (templateId: number) => api.delete(`/v1/tasks/templates/${templateId}`, { base: 'workflow' });

export function useDeleteTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteTemplateMutationKey,
    mutationFn: deleteTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
