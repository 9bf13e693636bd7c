// PUT /api/v1/users/{userId}/password {password} (204): an admin's reset of an account this
// business created. The member's sessions end and they choose their own password at their next
// sign-in. The server refuses (403, with its reason) for anyone else's account.
import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';

export const resetPasswordMutationKey = ['members', 'password', 'reset'] as const;

export const resetPassword = ({ userId, body }: { userId: number; body: ResetPasswordRequest }) => api.put<null>(`/v1/users/${userId}/password`, body);

export function useResetPasswordMutation() {
  // Nothing shown in the app changes: no list or member detail holds the password.
  return useMutation({ mutationKey: resetPasswordMutationKey, mutationFn: resetPassword });
}
