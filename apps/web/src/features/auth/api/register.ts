// POST /api/v1/register: creates the user who will own the new business.
import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';

export const registerMutationKey = ['register'] as const;

export const register = (body: RegisterRequest) => api.post<RegisterResponse>('/v1/register', body);

export function useRegisterMutation() {
  return useMutation({ mutationKey: registerMutationKey, mutationFn: register });
}
