// GET /api/v2/teams/{teamId}/members?page=0&size=500: the members of one site, offered by the
// plan form (a plan is assigned to members of its site).
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@fieldops/shared/limits';
import type { TeamMember } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

export const fetchPlanSiteMembers = (teamId: number, signal?: AbortSignal) =>
  api.list<TeamMember>(`/v2/teams/${teamId}/members`, { params: { page: 0, size: MAX_PAGE_SIZE }, signal });

export function usePlanSiteMembersQuery(teamId: number | null) {
  return useQuery({
    queryKey: taskKeys.siteMembers(teamId ?? 0),
    queryFn: ({ signal }) => fetchPlanSiteMembers(teamId ?? 0, signal),
    enabled: teamId !== null,
  });
}
