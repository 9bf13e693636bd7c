// GET /api/v1/businesses/{businessId}/members: a page of the business's members (total in
// X-Total-Count).
import { useQuery } from '@tanstack/react-query';
import type { Member } from '@fieldops/shared/account';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { api } from '../../api-client.ts';
import { sharedKeys } from '../../query-keys.ts';

export const businessMembersQueryKey = (businessId: number, page: number, size: number) =>
  [...sharedKeys.members, 'business', businessId, { page, size }] as const;

export const fetchBusinessMembers = (businessId: number, page = 0, size = DEFAULT_PAGE_SIZE, signal?: AbortSignal) =>
  api.list<Member>(`/v1/businesses/${businessId}/members`, { params: { page, size }, signal });

export function useBusinessMembersQuery(businessId: number, page = 0, size = DEFAULT_PAGE_SIZE) {
  return useQuery({
    queryKey: businessMembersQueryKey(businessId, page, size),
    queryFn: ({ signal }) => fetchBusinessMembers(businessId, page, size, signal),
  });
}
