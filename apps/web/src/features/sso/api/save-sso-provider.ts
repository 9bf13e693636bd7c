// PUT /api/v1/sso: sets the business's provider. The server discovers the issuer first (a wrong
// address is refused under its field); a client secret left empty keeps the one saved.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSsoProviderRequest, SsoProvider } from '@fieldops/shared/sso';
import { api } from '../../../lib/api-client.ts';
import { ssoKeys } from './sso-keys.ts';

export const saveSsoProviderMutationKey = [...ssoKeys.all, 'save'] as const;

export const saveSsoProvider = (body: SaveSsoProviderRequest) => api.put<SsoProvider>('/v1/sso', body);

export function useSaveSsoProviderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveSsoProviderMutationKey,
    mutationFn: saveSsoProvider,
    onSuccess: (saved) => queryClient.setQueryData(ssoKeys.provider(), saved),
  });
}
