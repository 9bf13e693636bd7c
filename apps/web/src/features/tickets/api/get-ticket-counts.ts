// GET /services/helpdesk/api/v1/tickets/counts: tickets per status under the board's filters,
// shown as each column's counter.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketCounts } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import type { TicketFilters } from './get-tickets.ts';
import { ticketKeys } from './ticket-keys.ts';

export const fetchTicketCounts = (filters: TicketFilters, signal?: AbortSignal) =>
  api.get<TicketCounts>('/v1/tickets/counts', { base: 'helpdesk', params: { ...filters }, signal });

const countsQuery = (filters: TicketFilters) =>
  queryOptions({
    queryKey: ticketKeys.countsOf(filters),
    queryFn: ({ signal }) => fetchTicketCounts(filters, signal),
  });

export function useTicketCountsQuery(filters: TicketFilters) {
  return useQuery(countsQuery(filters));
}

/** Asks for the counters as the board page starts drawing, with its columns (usePrefetchBoardColumns). */
export function usePrefetchTicketCounts(filters: TicketFilters, enabled: boolean) {
  const queryClient = useQueryClient();
  if (!enabled) return;
  const options = countsQuery(filters);
  if (!queryClient.getQueryState(options.queryKey)) void queryClient.prefetchQuery(options);
}
