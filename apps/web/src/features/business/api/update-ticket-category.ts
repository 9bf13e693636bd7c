// PUT /services/helpdesk/api/v1/ticket-categories/{id}: renames a category (owners and admins).
import { useMutation } from '@tanstack/react-query';
import type { TicketCategory, TicketCategoryRequest } from '@fieldops/shared/helpdesk';
import { api } from '../../../lib/api-client.ts';
import { useTicketCategoriesChanged } from '../../../lib/helpdesk/get-ticket-categories.ts';

export const updateTicketCategoryMutationKey = ['ticket-categories', 'update'] as const;

export const updateTicketCategory = ({ id, body }: { id: number; body: TicketCategoryRequest }) =>
  api.put<TicketCategory>(`/v1/ticket-categories/${id}`, body, { base: 'helpdesk' });

export function useUpdateTicketCategoryMutation() {
  const categoriesChanged = useTicketCategoriesChanged();
  return useMutation({ mutationKey: updateTicketCategoryMutationKey, mutationFn: updateTicketCategory, onSuccess: categoriesChanged });
}
