// GET /api/v1/users/{userId}/sign-in-lock: whether the member's account is locked after repeated
// failed sign-ins, and until when.
import { useQuery } from '@tanstack/react-query';
import type { SignInLock } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from './member-keys.ts';

export const fetchSignInLock = (userId: number, signal?: AbortSignal) => api.get<SignInLock>(`/v1/users/${userId}/sign-in-lock`, { signal });

export function useSignInLockQuery(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.signInLock(userId),
    queryFn: ({ signal }) => fetchSignInLock(userId, signal),
    enabled,
    staleTime: 0,
  });
}
