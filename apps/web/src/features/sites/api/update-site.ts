// PUT /api/v1/teams: changes a site (the id travels in the body).
import { useMutation } from '@tanstack/react-query';
import type { Site, SiteUpdateRequest } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const updateSiteMutationKey = ['sites', 'update'] as const;

export const updateSite = (body: SiteUpdateRequest) => api.put<Site>('/v1/teams', body);

export function useUpdateSiteMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: updateSiteMutationKey, mutationFn: updateSite, onSuccess: refreshOrganisation });
}
