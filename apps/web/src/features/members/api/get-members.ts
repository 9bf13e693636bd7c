// GET /api/v2/business-members: one page of the business's members (20 a page), searched
// (from 4 characters) and filtered by projects and sites, with the total from X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Member } from '@fieldops/shared/account';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { api } from '../../../lib/api-client.ts';
import { memberKeys } from './member-keys.ts';

export interface MembersFilter {
  searchKey?: string;
  projects?: number[];
  teams?: number[];
}

export const MEMBERS_SORT = 'name,asc';

export const fetchMembers = (page: number, size: number, filter: MembersFilter, signal?: AbortSignal) =>
  api.list<Member>('/v2/business-members', {
    params: { page, size, sort: MEMBERS_SORT, searchKey: filter.searchKey, projects: filter.projects, teams: filter.teams },
    signal,
  });

export function useMembersQuery(page: number, filter: MembersFilter, size = DEFAULT_PAGE_SIZE) {
  return useQuery({
    queryKey: memberKeys.list(page, size, filter),
    queryFn: ({ signal }) => fetchMembers(page, size, filter, signal),
    placeholderData: keepPreviousData,
  });
}
