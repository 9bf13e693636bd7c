// POST /services/helpdesk/api/v1/tickets: a new ticket (attachments follow in their own call).
import { useMutation } from '@tanstack/react-query';
import type { Ticket, TicketCreateRequest } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';

export const createTicketMutationKey = ['tickets', 'create'] as const;

export const createTicket = (body: TicketCreateRequest) => api.post<Ticket>('/v1/tickets', body, { base: 'helpdesk' });

export function useCreateTicketMutation() {
  return useMutation({ mutationKey: createTicketMutationKey, mutationFn: createTicket });
}
