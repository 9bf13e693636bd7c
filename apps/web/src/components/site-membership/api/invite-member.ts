// POST /api/v1/teams/{teamId}/users: invites a person by e-mail to one site (201, one
// invitation). The answer is the same whether or not the e-mail already has an account: a new
// one is created for this business, an existing person accepts from their own account. The
// members lists and the business's pending invitations load again.
import { useMutation } from '@tanstack/react-query';
import type { Invitation } from '@fieldops/shared/account';
import type { InviteMemberRequest } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { useInvitationSent } from './invitation-sent.ts';

export const inviteMemberMutationKey = ['sites', 'members', 'invite'] as const;

export const inviteMember = ({ teamId, body }: { teamId: number; body: InviteMemberRequest }) => api.post<Invitation>(`/v1/teams/${teamId}/users`, body);

export function useInviteMemberMutation() {
  const invitationSent = useInvitationSent();
  return useMutation({
    mutationKey: inviteMemberMutationKey,
    mutationFn: inviteMember,
    onSuccess: invitationSent,
  });
}
