// PUT /services/helpdesk/api/v1/tickets/{id}/comments/{commentId}: the author changes their
// comment (form data: text and an optional new image).
import { useMutation } from '@tanstack/react-query';
import type { TicketComment } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import { commentForm, type CommentInput } from './add-ticket-comment.ts';
import { useCommentsChanged } from './get-ticket-comments.ts';

export const updateTicketCommentMutationKey = ['tickets', 'comments', 'update'] as const;

export const updateTicketComment = ({ ticketId, commentId, comment }: { ticketId: number; commentId: number; comment: CommentInput }) =>
  api.put<TicketComment>(`/v1/tickets/${ticketId}/comments/${commentId}`, commentForm(comment), { base: 'helpdesk' });

export function useUpdateTicketCommentMutation() {
  const commentsChanged = useCommentsChanged();
  return useMutation({
    mutationKey: updateTicketCommentMutationKey,
    mutationFn: updateTicketComment,
    onSuccess: (_comment, { ticketId }) => commentsChanged(ticketId),
  });
}
