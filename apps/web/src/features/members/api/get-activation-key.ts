// GET /api/v1/users/{userId}/activation-key: the key an invited member activates with, when it
// stops working, and the link to send them. Only for an account this business created that is
// not activated yet.
import { useQuery } from '@tanstack/react-query';
import type { ActivationKeyResponse } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from './member-keys.ts';

export type ActivationKey = ActivationKeyResponse;

export const fetchActivationKey = (userId: number, signal?: AbortSignal) => api.get<ActivationKey>(`/v1/users/${userId}/activation-key`, { signal });

/** The page that activates an account: /activate?key=… on this app's own address. */
export const activationLink = (key: string, origin = window.location.origin) => `${origin}/activate?key=${encodeURIComponent(key)}`;

export function useActivationKeyQuery(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.activationKey(userId),
    queryFn: ({ signal }) => fetchActivationKey(userId, signal),
    enabled,
    staleTime: 0,
  });
}
