// GET /api/v1/teams?page&size&projectId&searchKey: one page of the business's sites, optionally
// of one project or matching a search, with the total from X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Site, SitesFilter } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { siteKeys } from './site-keys.ts';

export type { SitesFilter };

export const fetchSites = (page: number, size: number, filter: SitesFilter, signal?: AbortSignal) =>
  api.list<Site>('/v1/teams', { params: { page, size, projectId: filter.projectId, searchKey: filter.searchKey }, signal });

export function useSitesQuery(page: number, filter: SitesFilter, size = DEFAULT_PAGE_SIZE) {
  return useQuery({
    queryKey: siteKeys.list(page, size, filter),
    queryFn: ({ signal }) => fetchSites(page, size, filter, signal),
    placeholderData: keepPreviousData,
  });
}
