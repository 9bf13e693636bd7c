// GET /api/v1/teams/{id}: one site with its project, type and location.
import { useQuery } from '@tanstack/react-query';
import type { Site } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { siteKeys } from './site-keys.ts';

export const fetchSite = (siteId: number, signal?: AbortSignal) => api.get<Site>(`/v1/teams/${siteId}`, { signal });

export function useSiteQuery(siteId: number) {
  return useQuery({
    queryKey: siteKeys.detail(siteId),
    queryFn: ({ signal }) => fetchSite(siteId, signal),
    enabled: Number.isInteger(siteId) && siteId > 0,
  });
}
