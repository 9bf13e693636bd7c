// DELETE /api/v1/teams/{id}: deletes a site and its member placements.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const deleteSiteMutationKey = ['sites', 'delete'] as const;

export const deleteSite = (siteId: number) => api.delete(`/v1/teams/${siteId}`);

export function useDeleteSiteMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: deleteSiteMutationKey, mutationFn: deleteSite, onSuccess: refreshOrganisation });
}
