// GET /services/helpdesk/api/v1/tickets/{id}/comments?page&size&sort=createdDate,desc: the
// comments, newest first, 10 a page with "load more". After a comment is added or edited the
// list is read again as page 0 of 40 (spec §9), and "load more" carries on after those.
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TicketComment } from '@fieldops/shared/helpdesk';
import { COMMENTS_PAGE_SIZE, COMMENTS_REFETCH_SIZE } from '@fieldops/shared/limits';
import { api, type ListResult } from '../../../lib/api-client.ts';
import { invalidateTicketViews } from './ticket-cache.ts';
import { ticketKeys } from './ticket-keys.ts';

export interface CommentsPageParam {
  page: number;
  size: number;
}

export const fetchTicketComments = (ticketId: number, { page, size }: CommentsPageParam, signal?: AbortSignal) =>
  api.list<TicketComment>(`/v1/tickets/${ticketId}/comments`, {
    base: 'helpdesk',
    params: { page, size, sort: 'createdDate,desc' },
    signal,
  });

type CommentsData = InfiniteData<ListResult<TicketComment>, CommentsPageParam>;

/** The next page of 10 after what is loaded, or none when everything is there. */
export function nextCommentsPage(pages: readonly ListResult<TicketComment>[]): CommentsPageParam | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
  const total = pages.at(-1)?.total ?? 0;
  if (loaded >= total || pages.at(-1)?.data.length === 0) return undefined;
  return { page: Math.ceil(loaded / COMMENTS_PAGE_SIZE), size: COMMENTS_PAGE_SIZE };
}

export function useTicketCommentsQuery(ticketId: number) {
  return useInfiniteQuery({
    queryKey: ticketKeys.comments(ticketId),
    queryFn: ({ pageParam, signal }) => fetchTicketComments(ticketId, pageParam, signal),
    initialPageParam: { page: 0, size: COMMENTS_PAGE_SIZE } as CommentsPageParam,
    getNextPageParam: (_last, pages) => nextCommentsPage(pages),
  });
}

/** Reads the newest 40 comments again and makes them the whole loaded list. */
export async function reloadTicketComments(queryClient: QueryClient, ticketId: number): Promise<void> {
  const key = ticketKeys.comments(ticketId);
  await queryClient.cancelQueries({ queryKey: key });
  const param: CommentsPageParam = { page: 0, size: COMMENTS_REFETCH_SIZE };
  const first = await fetchTicketComments(ticketId, param);
  queryClient.setQueryData<CommentsData>(key, { pages: [first], pageParams: [param] });
}

/**
 * After a comment is added or edited: the newest 40 are read again and the ticket views refresh
 * (awaited, so the editor clears once the list shows the change).
 */
export function useCommentsChanged(): (ticketId: number) => Promise<void> {
  const queryClient = useQueryClient();
  return async (ticketId) => {
    await Promise.all([reloadTicketComments(queryClient, ticketId), invalidateTicketViews(queryClient)]);
  };
}
