// GET /services/helpdesk/api/v1/tickets/{id}/attachments: the ticket's images.
import { useQuery } from '@tanstack/react-query';
import type { TicketAttachment } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';

export const ticketAttachmentsQueryKey = (ticketId: number) => ['tickets', 'attachments', ticketId] as const;

export const fetchTicketAttachments = (ticketId: number, signal?: AbortSignal) =>
  api.list<TicketAttachment>(`/v1/tickets/${ticketId}/attachments`, { base: 'helpdesk', signal });

export function useTicketAttachmentsQuery(ticketId: number) {
  return useQuery({
    queryKey: ticketAttachmentsQueryKey(ticketId),
    queryFn: ({ signal }) => fetchTicketAttachments(ticketId, signal),
  });
}
