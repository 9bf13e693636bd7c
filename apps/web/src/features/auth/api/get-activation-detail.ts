// GET /api/v1/activation-detail?key=: who is being activated, and whether already done.
import { useQuery } from '@tanstack/react-query';
import type { ActivationDetail } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';

export const activationDetailQueryKey = (key: string) => ['activation-detail', key] as const;

export const fetchActivationDetail = (key: string, signal?: AbortSignal) =>
  api.get<ActivationDetail>('/v1/activation-detail', { params: { key }, signal });

export function useActivationDetailQuery(key: string | null) {
  return useQuery({
    queryKey: activationDetailQueryKey(key ?? ''),
    queryFn: ({ signal }) => fetchActivationDetail(key ?? '', signal),
    enabled: Boolean(key),
  });
}
