// GET /api/v2/teams/{teamId}/members?page&size: one page of a site's members, with the total
// from X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { TeamMember } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { siteKeys } from './site-keys.ts';

export const fetchSiteMembers = (teamId: number, page: number, size = DEFAULT_PAGE_SIZE, signal?: AbortSignal) =>
  api.list<TeamMember>(`/v2/teams/${teamId}/members`, { params: { page, size }, signal });

export function useSiteMembersQuery(teamId: number, page: number, size = DEFAULT_PAGE_SIZE) {
  return useQuery({
    queryKey: siteKeys.members(teamId, page, size),
    queryFn: ({ signal }) => fetchSiteMembers(teamId, page, size, signal),
    placeholderData: keepPreviousData,
  });
}
