// DELETE /api/v1/kiosks/{id} (204): the kiosk stops working at once, with every member session
// on it; the list is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { kioskKeys } from './kiosk-keys.ts';

export const revokeKioskMutationKey = [...kioskKeys.all, 'revoke'] as const;

export const revokeKiosk = (kioskId: number) => api.delete(`/v1/kiosks/${kioskId}`);

export function useRevokeKioskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: revokeKioskMutationKey,
    mutationFn: revokeKiosk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskKeys.all }),
  });
}
