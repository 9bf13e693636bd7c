// GET /services/helpdesk/api/v1/ticket-categories: the business's ticket categories, used by the
// ticket screens and managed on the business page (one cache for both).
import { useQuery } from '@tanstack/react-query';
import type { TicketCategory } from '@fieldops/shared/helpdesk';
import { api } from '../api-client.ts';

export const ticketCategoriesQueryKey = ['ticket-categories'] as const;

export const fetchTicketCategories = (signal?: AbortSignal) =>
  api.get<TicketCategory[]>('/v1/ticket-categories', { base: 'helpdesk', signal });

export function useTicketCategoriesQuery() {
  return useQuery({ queryKey: ticketCategoriesQueryKey, queryFn: ({ signal }) => fetchTicketCategories(signal) });
}
