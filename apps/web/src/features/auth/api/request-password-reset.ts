// POST /api/v1/account/password-reset {email} (public): asks for a link to choose a new password.
// The server answers 202 whether or not an account uses the address, so the screen says the same
// thing either way; a 429 (asked too often) comes back as an ApiError with its wait.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordResetRequest } from '@fieldops/shared/notifications';
import { api } from '../../../lib/api-client.ts';

export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

export const requestPasswordResetMutationKey = ['password-reset', 'request'] as const;

export const requestPasswordReset = (body: PasswordResetRequest) => api.post<{ message: string }>('/v1/account/password-reset', body);

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationKey: requestPasswordResetMutationKey, mutationFn: requestPasswordReset });
}
