// POST /api/users/ids: names and avatars of the people a ticket's history mentions (assignees
// before and after a change), read in one call.
import { useQuery } from '@tanstack/react-query';
import type { BasicInfo } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const fetchUsersByIds = (ids: readonly number[], signal?: AbortSignal) => api.post<BasicInfo[]>('/users/ids', ids, { signal });

export function useUsersByIdsQuery(ids: readonly number[]) {
  return useQuery({
    queryKey: ticketKeys.users(ids),
    queryFn: ({ signal }) => fetchUsersByIds(ids, signal),
    enabled: ids.length > 0,
    staleTime: 5 * 60_000,
  });
}
