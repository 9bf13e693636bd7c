// POST /api/v1/teams: a new site in a project.
import { useMutation } from '@tanstack/react-query';
import type { Site, SiteRequest } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';

export const createSiteMutationKey = ['sites', 'create'] as const;

export const createSite = (body: SiteRequest) => api.post<Site>('/v1/teams', body);

export function useCreateSiteMutation() {
  return useMutation({ mutationKey: createSiteMutationKey, mutationFn: createSite });
}
