// GET /services/helpdesk/api/v1/ticket-categories: the business's ticket categories, used by the
// ticket screens and managed on the business page (one cache for both).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketCategory } from '@fieldops/shared/helpdesk';
import { api } from '../api-client.ts';

export const ticketCategoriesQueryKey = ['ticket-categories'] as const;

export const fetchTicketCategories = (signal?: AbortSignal) => api.get<TicketCategory[]>('/v1/ticket-categories', { base: 'helpdesk', signal });

export function useTicketCategoriesQuery() {
  return useQuery({ queryKey: ticketCategoriesQueryKey, queryFn: ({ signal }) => fetchTicketCategories(signal) });
}

/**
 * For a mutation's onSuccess: every screen that lists categories (filters, pickers, history) reads
 * them again. Not awaited: the dialog closes at once.
 */
export function useTicketCategoriesChanged(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ticketCategoriesQueryKey });
}
