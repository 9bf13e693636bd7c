// POST /api/v1/register: creates the user who will own the new business.
import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';

export interface RegisterResponse {
  id: number;
  username: string;
  email: string;
}

export const registerMutationKey = ['register'] as const;

export const register = (body: RegisterRequest) => api.post<RegisterResponse>('/v1/register', body);

export function useRegisterMutation() {
  return useMutation({ mutationKey: registerMutationKey, mutationFn: register });
}
