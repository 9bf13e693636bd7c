// DELETE /api/v1/invitations/{id} (204): takes back an invitation nobody answered yet.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { siteMembershipKeys } from './site-membership-keys.ts';

export const cancelInvitationMutationKey = ['invitations', 'cancel'] as const;

export const cancelInvitation = (invitationId: number) => api.delete(`/v1/invitations/${invitationId}`);

export function useCancelInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cancelInvitationMutationKey,
    mutationFn: cancelInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteMembershipKeys.invitations }),
  });
}
