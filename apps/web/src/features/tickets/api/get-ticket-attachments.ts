// GET /services/helpdesk/api/v1/tickets/{id}/attachments: the ticket's images.
import { useQuery } from '@tanstack/react-query';
import type { TicketAttachment } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import { ticketKeys } from './ticket-keys.ts';

export const fetchTicketAttachments = (ticketId: number, signal?: AbortSignal) =>
  api.list<TicketAttachment>(`/v1/tickets/${ticketId}/attachments`, { base: 'helpdesk', signal });

export function useTicketAttachmentsQuery(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.attachments(ticketId),
    queryFn: ({ signal }) => fetchTicketAttachments(ticketId, signal),
  });
}
