// DELETE /api/v1/users/{userId}/sign-in-lock (204): lifts the lock, so the member can sign in
// again at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from './member-keys.ts';

export const unlockSignInMutationKey = ['members', 'sign-in-lock', 'unlock'] as const;

export const unlockSignIn = (userId: number) => api.delete(`/v1/users/${userId}/sign-in-lock`);

export function useUnlockSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: unlockSignInMutationKey,
    mutationFn: unlockSignIn,
    onSuccess: (_done, userId) => queryClient.invalidateQueries({ queryKey: memberKeys.signInLock(userId) }),
  });
}
