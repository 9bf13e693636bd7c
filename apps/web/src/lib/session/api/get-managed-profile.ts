// GET /api/v1/business/config/managed-profile: whether the business manages member profiles.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

export const managedProfileQueryKey = ['business', 'managed-profile'] as const;

export const fetchManagedProfile = (signal?: AbortSignal) => api.get<{ managedProfile: boolean }>('/v1/business/config/managed-profile', { signal });

export function useManagedProfileQuery() {
  return useQuery({ queryKey: managedProfileQueryKey, queryFn: ({ signal }) => fetchManagedProfile(signal) });
}
