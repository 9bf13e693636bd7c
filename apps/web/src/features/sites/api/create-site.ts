// POST /api/v1/teams: a new site in a project.
import { useMutation } from '@tanstack/react-query';
import type { Site, SiteRequest } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const createSiteMutationKey = ['sites', 'create'] as const;

export const createSite = (body: SiteRequest) => api.post<Site>('/v1/teams', body);

export function useCreateSiteMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: createSiteMutationKey, mutationFn: createSite, onSuccess: refreshOrganisation });
}
