// GET /api/v1/teams?page=0&size=500: every site of the business, for pickers and the session.
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@fieldops/shared/limits';
import { api } from '../../api-client.ts';
import { sharedKeys } from '../../query-keys.ts';
import type { Site } from '../types.ts';

export const allSitesQueryKey = [...sharedKeys.sites, 'all'] as const;

export const fetchAllSites = (signal?: AbortSignal) => api.list<Site>('/v1/teams', { params: { page: 0, size: MAX_PAGE_SIZE }, signal });

export function useAllSitesQuery() {
  return useQuery({ queryKey: allSitesQueryKey, queryFn: ({ signal }) => fetchAllSites(signal) });
}
