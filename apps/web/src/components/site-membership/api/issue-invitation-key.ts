// POST /api/v1/invitations/{id}/key: a new secret for a pending invitation, shown once, to hand to
// the person as a link; the previous one stops working. The pending list is read again, in case
// the invitation was answered or canceled meanwhile.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationKey } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { siteMembershipKeys } from './site-membership-keys.ts';

export const issueInvitationKeyMutationKey = ['invitations', 'key'] as const;

export const issueInvitationKey = (invitationId: number) => api.post<InvitationKey>(`/v1/invitations/${invitationId}/key`);

export function useIssueInvitationKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: issueInvitationKeyMutationKey,
    mutationFn: issueInvitationKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteMembershipKeys.invitations }),
  });
}
