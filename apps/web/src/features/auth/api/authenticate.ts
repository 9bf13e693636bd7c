// POST /api/authenticate: username (or e-mail) and password for an id token.
import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';

export interface AuthenticateResponse {
  id_token: string;
}

export const authenticateMutationKey = ['authenticate'] as const;

export const authenticate = (body: LoginRequest) => api.post<AuthenticateResponse>('/authenticate', body);

export function useAuthenticateMutation() {
  return useMutation({ mutationKey: authenticateMutationKey, mutationFn: authenticate });
}
