// GET /api/v1/activation-detail?key=: who is being activated, and whether already done.
import { useQuery } from '@tanstack/react-query';
import type { ActivationDetail } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

export const fetchActivationDetail = (key: string, signal?: AbortSignal) => api.get<ActivationDetail>('/v1/activation-detail', { params: { key }, signal });

export function useActivationDetailQuery(key: string | null) {
  return useQuery({
    queryKey: authKeys.activationDetail(key ?? ''),
    queryFn: ({ signal }) => fetchActivationDetail(key ?? '', signal),
    enabled: Boolean(key),
  });
}
