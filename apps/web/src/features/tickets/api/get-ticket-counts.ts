// GET /services/helpdesk/api/v1/tickets/counts: tickets per status under the board's filters,
// shown as each column's counter.
import { useQuery } from '@tanstack/react-query';
import type { TicketCounts } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import type { TicketFilters } from './get-tickets.ts';
import { ticketKeys } from './ticket-keys.ts';

export const fetchTicketCounts = (filters: TicketFilters, signal?: AbortSignal) =>
  api.get<TicketCounts>('/v1/tickets/counts', { base: 'helpdesk', params: { ...filters }, signal });

export function useTicketCountsQuery(filters: TicketFilters) {
  return useQuery({
    queryKey: ticketKeys.countsOf(filters),
    queryFn: ({ signal }) => fetchTicketCounts(filters, signal),
  });
}
