// POST /api/v1/teams/{teamId}/members: places business members in a site, each with a role and
// a position (a member already there gets the new role and position).
import { useMutation } from '@tanstack/react-query';
import type { AssignMembersRequest, TeamMember } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const assignMembersMutationKey = ['sites', 'members', 'assign'] as const;

export const assignMembers = ({ teamId, body }: { teamId: number; body: AssignMembersRequest }) => api.post<TeamMember[]>(`/v1/teams/${teamId}/members`, body);

export function useAssignMembersMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: assignMembersMutationKey, mutationFn: assignMembers, onSuccess: refreshOrganisation });
}
