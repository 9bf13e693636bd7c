// GET /services/helpdesk/api/v1/tickets/{id}/sla: the ticket's SLA clock read now. Kept under
// the ticket's detail key, so every change to the ticket reads it again.
import { useQuery } from '@tanstack/react-query';
import type { TicketClock } from '@fieldops/shared/ticket-clock';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

const MINUTE_MS = 60_000;

export function useTicketSlaQuery(ticketId: number) {
  return useQuery({
    queryKey: [...ticketKeys.detail(ticketId), 'sla'] as const,
    queryFn: ({ signal }) => api.get<TicketClock>(`/v1/tickets/${ticketId}/sla`, { base: 'helpdesk', signal }),
    // A running clock moves: read again each minute while the page is open.
    refetchInterval: MINUTE_MS,
  });
}
