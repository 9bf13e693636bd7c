// GET /api/v1/business/config/api-key/{apiKey}/lookup: project and site types of the business.
import { useQuery } from '@tanstack/react-query';
import type { Lookups } from '@fieldops/shared/account';
import { api } from '../../api-client.ts';

export const lookupsQueryKey = (apiKey: string) => ['lookups', apiKey] as const;

export const fetchLookups = (apiKey: string, signal?: AbortSignal) =>
  api.get<Lookups>(`/v1/business/config/api-key/${encodeURIComponent(apiKey)}/lookup`, { signal });

export function useLookupsQuery(apiKey: string) {
  return useQuery({ queryKey: lookupsQueryKey(apiKey), queryFn: ({ signal }) => fetchLookups(apiKey, signal) });
}
