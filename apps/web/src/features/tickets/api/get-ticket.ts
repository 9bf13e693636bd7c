// GET /services/helpdesk/api/v1/tickets/{id}: one ticket.
import { useQuery } from '@tanstack/react-query';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const fetchTicket = (ticketId: number, signal?: AbortSignal) => api.get<Ticket>(`/v1/tickets/${ticketId}`, { base: 'helpdesk', signal });

export function useTicketQuery(ticketId: number, enabled = true) {
  return useQuery({
    queryKey: ticketKeys.detail(ticketId),
    queryFn: ({ signal }) => fetchTicket(ticketId, signal),
    enabled,
  });
}
