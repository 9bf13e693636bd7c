// POST /api/v1/account/invitations/{id}/accept, with the invitation's key when the person opened
// its link (an invitation listed to a proven address needs none): joins the business; the answer is the account
// with that business among its identities. The account and the session built on it (the
// business switcher, or the app itself for a person who had no business) load again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { accountQueryKey } from '../../../lib/session/api/get-account.ts';
import { sessionQueryKey } from '../../../lib/session/use-session-query.ts';
import { myInvitationsQueryKey } from '../../../lib/session/api/get-my-invitations.ts';

export const acceptInvitationMutationKey = ['invitations', 'accept'] as const;

/** Which invitation, and the key its link carried (absent for one listed to the person). */
export interface InvitationAnswer {
  invitationId: number;
  key?: string;
}

export const acceptInvitation = ({ invitationId, key }: InvitationAnswer) =>
  api.post<Account>(`/v1/account/invitations/${invitationId}/accept`, key ? { key } : undefined);

export function useAcceptInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: acceptInvitationMutationKey,
    mutationFn: acceptInvitation,
    // Not awaited: the list that offered the invitation may empty and unmount once read again, and
    // the caller's own success callbacks (toast, "open the business") must still run.
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueryKey, account);
      void queryClient.invalidateQueries({ queryKey: myInvitationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
