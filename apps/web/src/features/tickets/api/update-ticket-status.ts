// PUT /services/helpdesk/api/v1/tickets/{id}/status/{status}?reason=: moves a ticket to another
// status (spec §4). The move shows at once on the board and the ticket page, and is undone if
// the server refuses it (TanStack Query's optimistic update: snapshot, restore, refetch).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketStatus } from '@fieldops/shared/enums';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import { invalidateTicketViews, moveTicketOptimistically, restoreBoard } from './ticket-cache.ts';

export interface StatusChange {
  ticket: Ticket;
  to: TicketStatus;
  reason: string;
}

export const updateTicketStatusMutationKey = ['tickets', 'status'] as const;

export const updateTicketStatus = ({ ticket, to, reason }: StatusChange) =>
  api.put<Ticket>(`/v1/tickets/${ticket.id}/status/${to}`, undefined, { base: 'helpdesk', params: { reason } });

export function useUpdateTicketStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateTicketStatusMutationKey,
    mutationFn: updateTicketStatus,
    onMutate: (change) => moveTicketOptimistically(queryClient, change.ticket, change.to),
    onError: (_error, _change, snapshot) => {
      if (snapshot) restoreBoard(queryClient, snapshot);
    },
    // Not awaited: the board already shows the outcome, and the toast should not wait for the re-read.
    onSettled: (_data, _error, change) => {
      void invalidateTicketViews(queryClient, change.ticket.id);
    },
  });
}
