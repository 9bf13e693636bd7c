// GET /api/v1/teams/{teamId}/members: the members assigned to one site.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { sharedKeys } from '../../query-keys.ts';
import type { TeamMember } from '../types.ts';

export const teamMembersQueryKey = sharedKeys.siteMembers;

export const fetchTeamMembers = (teamId: number, signal?: AbortSignal) => api.get<TeamMember[]>(`/v1/teams/${teamId}/members`, { signal });

export function useTeamMembersQuery(teamId: number) {
  return useQuery({ queryKey: teamMembersQueryKey(teamId), queryFn: ({ signal }) => fetchTeamMembers(teamId, signal) });
}
