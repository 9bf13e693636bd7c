// POST /api/v1/api-tokens {name, scopes, expiresInDays} (201): a new token, which the server shows
// this once; the list is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiTokenRequest, CreatedApiToken } from '@fieldops/shared/api-tokens';
import { api } from '../../../lib/api-client.ts';
import { apiTokenKeys } from './api-token-keys.ts';

export const createApiTokenMutationKey = [...apiTokenKeys.all, 'create'] as const;

export const createApiToken = (body: CreateApiTokenRequest) => api.post<CreatedApiToken>('/v1/api-tokens', body);

export function useCreateApiTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createApiTokenMutationKey,
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
