// DELETE /services/helpdesk/api/v1/tickets/{id}/attachments/{attachmentId}.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useAttachmentsChanged } from './ticket-cache.ts';

export const deleteTicketAttachmentMutationKey = ['tickets', 'attachments', 'delete'] as const;

export const deleteTicketAttachment = ({ ticketId, attachmentId }: { ticketId: number; attachmentId: number }) =>
  api.delete(`/v1/tickets/${ticketId}/attachments/${attachmentId}`, { base: 'helpdesk' });

export function useDeleteTicketAttachmentMutation() {
  const attachmentsChanged = useAttachmentsChanged();
  return useMutation({
    mutationKey: deleteTicketAttachmentMutationKey,
    mutationFn: deleteTicketAttachment,
    onSuccess: (_done, { ticketId }) => attachmentsChanged(ticketId),
  });
}
