// The person's two-factor sign-in: GET /api/v1/account/two-factor (on or off, recovery codes
// left) and the changes, each of which invalidates it: POST …/enrolment (a new secret, shown only
// now), …/confirm (on, with recovery codes), …/recovery-codes (new ones) and …/disable. None sends
// an Idempotency-Key: an answer holding a secret or recovery codes is not kept for a replay, and a
// repeat is refused anyway (a code works once).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodeRequest, DisableTwoFactorRequest, RecoveryCodesResponse, TotpEnrolment, TwoFactorStatus } from '@fieldops/shared/two-factor';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

export const getTwoFactorStatus = (signal?: AbortSignal) => api.get<TwoFactorStatus>('/v1/account/two-factor', { signal });

export function useTwoFactorStatusQuery() {
  return useQuery({ queryKey: profileKeys.twoFactor, queryFn: ({ signal }) => getTwoFactorStatus(signal) });
}

function useTwoFactorChange<TBody, TResult>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => api.post<TResult>(`/v1/account/two-factor/${path}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.twoFactor }),
  });
}

export const useStartEnrolmentMutation = () => useTwoFactorChange<undefined, TotpEnrolment>('enrolment');
export const useConfirmEnrolmentMutation = () => useTwoFactorChange<CodeRequest, RecoveryCodesResponse>('confirm');
export const useRegenerateRecoveryCodesMutation = () => useTwoFactorChange<CodeRequest, RecoveryCodesResponse>('recovery-codes');
export const useDisableTwoFactorMutation = () => useTwoFactorChange<DisableTwoFactorRequest, null>('disable');
