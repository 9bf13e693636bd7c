// PUT /api/v1/account/password {currentPassword, newPassword} (204): the person's own change.
// Their other sessions end; this one stays. The account (its mustChangePassword) and the
// session built on it load again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { accountQueryKey } from '../../../lib/session/api/get-account.ts';
import { sessionQueryKey } from '../../../lib/session/use-session-query.ts';

export const changePasswordMutationKey = ['account', 'password'] as const;

export const changePassword = (body: ChangePasswordRequest) => api.put<null>('/v1/account/password', body);

export function useChangePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changePasswordMutationKey,
    mutationFn: changePassword,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: accountQueryKey }), queryClient.invalidateQueries({ queryKey: sessionQueryKey })]),
  });
}
