// GET /api/v1/industries: the industries a business can choose from.
import { useQuery } from '@tanstack/react-query';
import type { Industry } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';

export const industriesQueryKey = ['industries'] as const;

export const fetchIndustries = (signal?: AbortSignal) => api.get<Industry[]>('/v1/industries', { signal });

export function useIndustriesQuery() {
  return useQuery({ queryKey: industriesQueryKey, queryFn: ({ signal }) => fetchIndustries(signal), staleTime: Infinity });
}
