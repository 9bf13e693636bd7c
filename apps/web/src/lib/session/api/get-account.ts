// GET /api/v1/account: the signed-in user and the businesses they belong to.
import { useQuery } from '@tanstack/react-query';
import type { Account } from '@fieldops/shared/account';
import { api } from '../../api-client.ts';

export const accountQueryKey = ['account'] as const;

export const fetchAccount = (signal?: AbortSignal) => api.get<Account>('/v1/account', { signal });

export function useAccountQuery(enabled = true) {
  return useQuery({ queryKey: accountQueryKey, queryFn: ({ signal }) => fetchAccount(signal), enabled });
}
