// GET /api/v1/businesses/{businessId}: the business profile.
import { useQuery } from '@tanstack/react-query';
import type { Business } from '@fieldops/shared/account';
import { api } from '../../api-client.ts';

export const businessQueryKey = (businessId: number) => ['business', businessId] as const;

export const fetchBusiness = (businessId: number, signal?: AbortSignal) => api.get<Business>(`/v1/businesses/${businessId}`, { signal });

export function useBusinessQuery(businessId: number) {
  return useQuery({
    queryKey: businessQueryKey(businessId),
    queryFn: ({ signal }) => fetchBusiness(businessId, signal),
  });
}
