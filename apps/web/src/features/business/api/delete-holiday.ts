// DELETE /api/v1/business-calendar/holidays/{id}: removes a day of the business's own.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const deleteHolidayMutationKey = ['business-calendar', 'holidays', 'delete'] as const;

export const deleteHoliday = (id: number) => api.delete(`/v1/business-calendar/holidays/${id}`);

export function useDeleteHolidayMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteHolidayMutationKey,
    mutationFn: deleteHoliday,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: businessKeys.holidays }),
  });
}
