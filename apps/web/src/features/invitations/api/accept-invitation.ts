// POST /api/v1/account/invitations/{id}/accept: joins the business; the answer is the account
// with that business among its identities. The account and the session built on it (the
// business switcher, or the app itself for a person who had no business) load again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { accountQueryKey } from '../../../lib/session/api/get-account.ts';
import { sessionQueryKey } from '../../../lib/session/use-session-query.ts';
import { myInvitationsQueryKey } from '../../../lib/session/api/get-my-invitations.ts';

export const acceptInvitationMutationKey = ['invitations', 'accept'] as const;

export const acceptInvitation = (invitationId: number) => api.post<Account>(`/v1/account/invitations/${invitationId}/accept`);

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
