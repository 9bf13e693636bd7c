// POST /api/v1/account/password-reset/finish {token, password} (public): sets the new password
// with the link's single-use token. A 400 with MSG.resetLinkInvalid means the link expired, was
// used or is unknown; a 400 with field errors names a password the server refuses.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordResetFinish } from '@fieldops/shared/notifications';
import { api } from '../../../lib/api-client.ts';

export type PasswordResetFinish = z.infer<typeof passwordResetFinish>;

export const finishPasswordResetMutationKey = ['password-reset', 'finish'] as const;

export const finishPasswordReset = (body: PasswordResetFinish) => api.post<{ message: string }>('/v1/account/password-reset/finish', body);

export function useFinishPasswordResetMutation() {
  return useMutation({ mutationKey: finishPasswordResetMutationKey, mutationFn: finishPasswordReset });
}
