// DELETE /services/helpdesk/api/v1/ticket-categories/{id}: refused while tickets use the category.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useTicketCategoriesChanged } from '../../../lib/helpdesk/get-ticket-categories.ts';

export const deleteTicketCategoryMutationKey = ['ticket-categories', 'delete'] as const;

export const deleteTicketCategory = (id: number) => api.delete(`/v1/ticket-categories/${id}`, { base: 'helpdesk' });

export function useDeleteTicketCategoryMutation() {
  const categoriesChanged = useTicketCategoriesChanged();
  return useMutation({ mutationKey: deleteTicketCategoryMutationKey, mutationFn: deleteTicketCategory, onSuccess: categoriesChanged });
}
