// GET /api/users/{id}/basic-info: the name of the member the dashboard is filtered by, so a link
// or a reload with ?user= still shows who it is.
import { useQuery } from '@tanstack/react-query';
import type { BasicInfo } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';

export const memberBasicInfoQueryKey = (userId: number) => ['users', 'basic-info', userId] as const;

export const fetchMemberBasicInfo = (userId: number, signal?: AbortSignal) => api.get<BasicInfo>(`/users/${userId}/basic-info`, { signal });

export function useMemberBasicInfoQuery(userId: number | undefined) {
  return useQuery({
    queryKey: memberBasicInfoQueryKey(userId ?? 0),
    queryFn: ({ signal }) => fetchMemberBasicInfo(userId ?? 0, signal),
    enabled: userId !== undefined,
    staleTime: 5 * 60_000,
  });
}
