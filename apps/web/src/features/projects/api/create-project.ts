// POST /api/v1/projects: a new project (name, website, type, active).
import { useMutation } from '@tanstack/react-query';
import type { Project, ProjectRequest } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const createProjectMutationKey = ['projects', 'create'] as const;

export const createProject = (body: ProjectRequest) => api.post<Project>('/v1/projects', body);

export function useCreateProjectMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: createProjectMutationKey, mutationFn: createProject, onSuccess: refreshOrganisation });
}
