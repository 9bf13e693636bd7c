// POST /api/v1/activate: the invited member sets their name and password.
import { useMutation } from '@tanstack/react-query';
import type { ActivateRequest, ActivateResponse } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';

export const activateMutationKey = ['activate'] as const;

export const activate = (body: ActivateRequest) => api.post<ActivateResponse>('/v1/activate', body);

export function useActivateMutation() {
  return useMutation({ mutationKey: activateMutationKey, mutationFn: activate });
}
