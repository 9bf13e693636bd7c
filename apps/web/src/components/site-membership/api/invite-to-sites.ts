// POST /api/v1/team-members: invites a person by e-mail to several sites at once (201, one
// invitation naming every site). The members lists and pending invitations load again.
import { useMutation } from '@tanstack/react-query';
import type { Invitation } from '@fieldops/shared/account';
import type { InviteToSitesRequest } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { useInvitationSent } from './invitation-sent.ts';

export const inviteToSitesMutationKey = ['sites', 'members', 'invite-many'] as const;

export const inviteToSites = (body: InviteToSitesRequest) => api.post<Invitation>('/v1/team-members', body);

export function useInviteToSitesMutation() {
  const invitationSent = useInvitationSent();
  return useMutation({
    mutationKey: inviteToSitesMutationKey,
    mutationFn: inviteToSites,
    onSuccess: invitationSent,
  });
}
