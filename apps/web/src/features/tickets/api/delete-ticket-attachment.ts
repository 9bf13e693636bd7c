// DELETE /services/helpdesk/api/v1/tickets/{id}/attachments/{attachmentId}.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const deleteTicketAttachmentMutationKey = ['tickets', 'attachments', 'delete'] as const;

export const deleteTicketAttachment = ({ ticketId, attachmentId }: { ticketId: number; attachmentId: number }) =>
  api.delete(`/v1/tickets/${ticketId}/attachments/${attachmentId}`, { base: 'helpdesk' });

export function useDeleteTicketAttachmentMutation() {
  return useMutation({ mutationKey: deleteTicketAttachmentMutationKey, mutationFn: deleteTicketAttachment });
}
