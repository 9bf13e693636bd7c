// GET /services/helpdesk/api/v1/tickets/{id}/history: what happened to the ticket, newest first,
// in pages with "load more".
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TicketHistoryEntry } from '@fieldops/shared/helpdesk';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const fetchTicketHistory = (ticketId: number, page: number, signal?: AbortSignal) =>
  api.list<TicketHistoryEntry>(`/v1/tickets/${ticketId}/history`, {
    base: 'helpdesk',
    params: { page, size: DEFAULT_PAGE_SIZE },
    signal,
  });

export function useTicketHistoryQuery(ticketId: number) {
  return useInfiniteQuery({
    queryKey: ticketKeys.history(ticketId),
    queryFn: ({ pageParam, signal }) => fetchTicketHistory(ticketId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastPage) => ((lastPage + 1) * DEFAULT_PAGE_SIZE < last.total && last.data.length > 0 ? lastPage + 1 : undefined),
  });
}
