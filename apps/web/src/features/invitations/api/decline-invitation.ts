// POST /api/v1/account/invitations/{id}/decline (204), with the link's key as for accepting: the
// invitation is gone for good.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { myInvitationsQueryKey } from '../../../lib/session/api/get-my-invitations.ts';
import type { InvitationAnswer } from './accept-invitation.ts';

export const declineInvitationMutationKey = ['invitations', 'decline'] as const;

export const declineInvitation = ({ invitationId, key }: InvitationAnswer) =>
  api.post<null>(`/v1/account/invitations/${invitationId}/decline`, key ? { key } : undefined);

export function useDeclineInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: declineInvitationMutationKey,
    mutationFn: declineInvitation,
    // Not awaited, as in accept-invitation.ts: the caller's toast runs before the list may unmount.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myInvitationsQueryKey }),
  });
}
