// DELETE /api/v1/projects/{id}: refused while the project still has sites.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const deleteProjectMutationKey = ['projects', 'delete'] as const;

export const deleteProject = (projectId: number) => api.delete(`/v1/projects/${projectId}`);

export function useDeleteProjectMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: deleteProjectMutationKey, mutationFn: deleteProject, onSuccess: refreshOrganisation });
}
