// DELETE /api/v1/sso: removes the business's provider; sign-ins through it stop at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ssoKeys } from './sso-keys.ts';

export const deleteSsoProviderMutationKey = [...ssoKeys.all, 'delete'] as const;

export const deleteSsoProvider = () => api.delete('/v1/sso');

export function useDeleteSsoProviderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteSsoProviderMutationKey,
    mutationFn: deleteSsoProvider,
    onSuccess: () => queryClient.setQueryData(ssoKeys.provider(), null),
  });
}
