// POST /api/v1/account/sign-out-everywhere (204): ends every session of the person, this one
// included; other browsers are sent to sign in on their next call.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const signOutEverywhereMutationKey = ['account', 'sign-out-everywhere'] as const;

export const signOutEverywhere = () => api.post<null>('/v1/account/sign-out-everywhere');

export function useSignOutEverywhereMutation() {
  // Nothing to invalidate: this browser forgets its whole cache right after (useForgetSession).
  return useMutation({ mutationKey: signOutEverywhereMutationKey, mutationFn: signOutEverywhere });
}
