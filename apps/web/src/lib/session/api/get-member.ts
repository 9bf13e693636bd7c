// GET /api/users/{id}: a user as a member of the current business.
import { useQuery } from '@tanstack/react-query';
import type { Member } from '@fieldops/shared/account';
import { api } from '../../api-client.ts';
import { sharedKeys } from '../../query-keys.ts';

export const memberQueryKey = (userId: number) => [...sharedKeys.members, 'detail', userId] as const;

export const fetchMember = (userId: number, signal?: AbortSignal) => api.get<Member>(`/users/${userId}`, { signal });

export function useMemberQuery(userId: number, enabled = true) {
  return useQuery({ queryKey: memberQueryKey(userId), queryFn: ({ signal }) => fetchMember(userId, signal), enabled });
}
