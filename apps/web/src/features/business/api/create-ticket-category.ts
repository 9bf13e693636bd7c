// POST /services/helpdesk/api/v1/ticket-categories: a new category with its English and Arabic
// names (owners and admins).
import { useMutation } from '@tanstack/react-query';
import type { TicketCategory, TicketCategoryRequest } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import { useTicketCategoriesChanged } from '../../../lib/helpdesk/get-ticket-categories.ts';

export const createTicketCategoryMutationKey = ['ticket-categories', 'create'] as const;

export const createTicketCategory = (body: TicketCategoryRequest) => api.post<TicketCategory>('/v1/ticket-categories', body, { base: 'helpdesk' });

export function useCreateTicketCategoryMutation() {
  const categoriesChanged = useTicketCategoriesChanged();
  return useMutation({ mutationKey: createTicketCategoryMutationKey, mutationFn: createTicketCategory, onSuccess: categoriesChanged });
}
