// GET /api/v2/business-members?searchKey=…: members to pick from, by name, username or e-mail.
// The server searches only from MEMBER_SEARCH_MIN_LENGTH characters; shorter input lists the
// first page by name.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Member } from '@fieldops/shared/account';
import { DEFAULT_PAGE_SIZE, MEMBER_SEARCH_MIN_LENGTH } from '@fieldops/shared/limits';
import { api } from '../../../lib/api-client.ts';
import { siteMembershipKeys } from './site-membership-keys.ts';

/** The search key to send: the trimmed text when it is long enough, else none. */
export function searchKeyOf(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length >= MEMBER_SEARCH_MIN_LENGTH ? trimmed : undefined;
}

export const searchMembers = (searchKey: string | undefined, signal?: AbortSignal) =>
  api.list<Member>('/v2/business-members', {
    params: { page: 0, size: DEFAULT_PAGE_SIZE, sort: 'name,asc', searchKey },
    signal,
  });

export function useMemberSearchQuery(text: string, enabled = true) {
  const searchKey = searchKeyOf(text);
  return useQuery({
    queryKey: siteMembershipKeys.memberSearch(searchKey),
    queryFn: ({ signal }) => searchMembers(searchKey, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
