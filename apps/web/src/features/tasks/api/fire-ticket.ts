// POST /services/workflow/api/v1/action-results/{id}/ticket: raises a helpdesk ticket from an
// answer (the answer fills title, description and files); the answer comes back with ticketId.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActionResult, FireTicketRequest } from '@fieldops/shared/answers';
import { api } from '../../../lib/api-client.ts';
import { answerKeys } from './task-keys.ts';

export const fireTicketMutationKey = ['action-results', 'ticket'] as const;

export const fireTicket = ({ answerId, body = {} }: { answerId: number; body?: FireTicketRequest }) =>
  api.post<ActionResult>(`/v1/action-results/${answerId}/ticket`, body, { base: 'workflow' });

export function useFireTicketMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: fireTicketMutationKey,
    mutationFn: fireTicket,
    // Not awaited: the page moves on to the new ticket at once.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: answerKeys.all });
    },
  });
}
