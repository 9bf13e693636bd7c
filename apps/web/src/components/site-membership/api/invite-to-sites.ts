// POST /api/v1/team-members: invites a new member by e-mail to several sites at once.
import { useMutation } from '@tanstack/react-query';
import type { InviteToSitesRequest, TeamMember } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';

export const inviteToSitesMutationKey = ['sites', 'members', 'invite-many'] as const;

export const inviteToSites = (body: InviteToSitesRequest) => api.post<TeamMember[]>('/v1/team-members', body);

export function useInviteToSitesMutation() {
  return useMutation({ mutationKey: inviteToSitesMutationKey, mutationFn: inviteToSites });
}
