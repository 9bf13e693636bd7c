// POST /services/helpdesk/api/v1/tickets/{id}/attachments: several images at once, as form data
// under the field "attachments".
import { useMutation } from '@tanstack/react-query';
import type { TicketAttachment } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import { useAttachmentsChanged } from './ticket-cache.ts';

export const uploadTicketAttachmentsMutationKey = ['tickets', 'attachments', 'upload'] as const;

export function uploadTicketAttachments({ ticketId, files }: { ticketId: number; files: readonly File[] }) {
  const form = new FormData();
  for (const file of files) form.append('attachments', file, file.name);
  return api.post<TicketAttachment[]>(`/v1/tickets/${ticketId}/attachments`, form, { base: 'helpdesk' });
}

/** The new-ticket form's upload: the form refreshes the ticket views once, when the ticket is complete. */
export function useUploadTicketAttachmentsMutation() {
  return useMutation({ mutationKey: uploadTicketAttachmentsMutationKey, mutationFn: uploadTicketAttachments });
}

/** Images added to a ticket's page: its attachments and the ticket views load again. */
export function useAddTicketAttachmentsMutation() {
  const attachmentsChanged = useAttachmentsChanged();
  return useMutation({
    mutationKey: uploadTicketAttachmentsMutationKey,
    mutationFn: uploadTicketAttachments,
    onSuccess: (_attachments, { ticketId }) => attachmentsChanged(ticketId),
  });
}
