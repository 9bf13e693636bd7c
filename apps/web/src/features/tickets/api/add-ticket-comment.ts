// POST /services/helpdesk/api/v1/tickets/{id}/comments: a comment as form data, with its text
// and an optional image under "file".
import { useMutation } from '@tanstack/react-query';
import type { TicketComment } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import { useCommentsChanged } from './get-ticket-comments.ts';

export interface CommentInput {
  text: string;
  file: File | null;
}

export const addTicketCommentMutationKey = ['tickets', 'comments', 'add'] as const;

export function commentForm({ text, file }: CommentInput): FormData {
  const form = new FormData();
  form.append('text', text);
  if (file) form.append('file', file, file.name);
  return form;
}

export const addTicketComment = ({ ticketId, comment }: { ticketId: number; comment: CommentInput }) =>
  api.post<TicketComment>(`/v1/tickets/${ticketId}/comments`, commentForm(comment), { base: 'helpdesk' });

export function useAddTicketCommentMutation() {
  const commentsChanged = useCommentsChanged();
  return useMutation({
    mutationKey: addTicketCommentMutationKey,
    mutationFn: addTicketComment,
    onSuccess: (_comment, { ticketId }) => commentsChanged(ticketId),
  });
}
