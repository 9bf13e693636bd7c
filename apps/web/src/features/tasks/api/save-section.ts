// Sections of a task: POST /services/workflow/api/v1/sections (a new, empty one at the end),
// PUT /v1/sections/{id} (its names), PUT /v1/sections/{id}/criteria (its rule, or none with null)
// and DELETE /v1/sections/{id} (its actions join the section before). Each reads the task again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CriteriaRequest, Section, SectionRequest, SectionUpdateRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const sectionMutationKey = ['sections'] as const;

export const createSection = (body: SectionRequest) => api.post<Section>('/v1/sections', body, { base: 'workflow' });
export const updateSection = ({ sectionId, body }: { sectionId: number; body: SectionUpdateRequest }) =>
  api.put<Section>(`/v1/sections/${sectionId}`, body, { base: 'workflow' });
export const updateSectionCriteria = ({ sectionId, body }: { sectionId: number; body: CriteriaRequest }) =>
  api.put<Section>(`/v1/sections/${sectionId}/criteria`, body, { base: 'workflow' });
export const deleteSection = (sectionId: number) => api.delete<null>(`/v1/sections/${sectionId}`, { base: 'workflow' });

function useSectionMutation<V, R>(taskId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sectionMutationKey,
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: taskKeys.detail(taskId) }),
  });
}

export const useCreateSectionMutation = (taskId: number) => useSectionMutation(taskId, createSection);
export const useUpdateSectionMutation = (taskId: number) => useSectionMutation(taskId, updateSection);
export const useUpdateSectionCriteriaMutation = (taskId: number) => useSectionMutation(taskId, updateSectionCriteria);
export const useDeleteSectionMutation = (taskId: number) => useSectionMutation(taskId, deleteSection);
