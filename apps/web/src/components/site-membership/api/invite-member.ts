// POST /api/v1/teams/{teamId}/users: invites a new member by e-mail to one site. The person
// stays inactive until they activate their account by key (or an admin activates them).
import { useMutation } from '@tanstack/react-query';
import type { InviteMemberRequest, TeamMember } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';

export const inviteMemberMutationKey = ['sites', 'members', 'invite'] as const;

export const inviteMember = ({ teamId, body }: { teamId: number; body: InviteMemberRequest }) =>
  api.post<TeamMember>(`/v1/teams/${teamId}/users`, body);

export function useInviteMemberMutation() {
  return useMutation({ mutationKey: inviteMemberMutationKey, mutationFn: inviteMember });
}
