// DELETE /api/v1/api-tokens/{id} (204): the token is refused from now on, on every instance; the
// list is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiTokenKeys } from './api-token-keys.ts';

export const revokeApiTokenMutationKey = [...apiTokenKeys.all, 'revoke'] as const;

export const revokeApiToken = (tokenId: number) => api.delete(`/v1/api-tokens/${tokenId}`);

export function useRevokeApiTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: revokeApiTokenMutationKey,
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
