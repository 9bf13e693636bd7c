// GET /api/v1/industries (public): the industries a business can choose from.
import { useQuery } from '@tanstack/react-query';
import type { Industry } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

export const fetchIndustries = (signal?: AbortSignal) => api.get<Industry[]>('/v1/industries', { signal });

export function useIndustriesQuery() {
  return useQuery({
    queryKey: authKeys.industries,
    queryFn: ({ signal }) => fetchIndustries(signal),
    staleTime: Infinity,
  });
}
