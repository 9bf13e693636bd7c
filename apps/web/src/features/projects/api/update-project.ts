// PUT /api/v1/projects: changes a project (the id travels in the body).
import { useMutation } from '@tanstack/react-query';
import type { Project, ProjectUpdateRequest } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const updateProjectMutationKey = ['projects', 'update'] as const;

export const updateProject = (body: ProjectUpdateRequest) => api.put<Project>('/v1/projects', body);

export function useUpdateProjectMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: updateProjectMutationKey, mutationFn: updateProject, onSuccess: refreshOrganisation });
}
