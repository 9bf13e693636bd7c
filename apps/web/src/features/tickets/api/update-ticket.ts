// PUT /services/helpdesk/api/v1/tickets/{id}: changes any of title, description, category,
// priority, assignee, project and site (the status has its own call).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ticket, TicketUpdateRequest } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import { invalidateTicketViews } from './ticket-cache.ts';
import { ticketKeys } from './ticket-keys.ts';

export const updateTicketMutationKey = ['tickets', 'update'] as const;

export const updateTicket = ({ ticketId, body }: { ticketId: number; body: TicketUpdateRequest }) =>
  api.put<Ticket>(`/v1/tickets/${ticketId}`, body, { base: 'helpdesk' });

export function useUpdateTicketMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateTicketMutationKey,
    mutationFn: updateTicket,
    onSuccess: async (saved) => {
      queryClient.setQueryData(ticketKeys.detail(saved.id), saved);
      await invalidateTicketViews(queryClient, saved.id);
    },
  });
}
