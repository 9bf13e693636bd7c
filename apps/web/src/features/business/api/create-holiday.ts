// POST /api/v1/business-calendar/holidays: a day off of the business's own (owners and admins).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Holiday, OwnHolidayRequest } from '@fieldops/shared/business-calendar-api';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const createHolidayMutationKey = ['business-calendar', 'holidays', 'create'] as const;

export const createHoliday = (body: OwnHolidayRequest) => api.post<Holiday>('/v1/business-calendar/holidays', body);

export function useCreateHolidayMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createHolidayMutationKey,
    mutationFn: createHoliday,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: businessKeys.holidays }),
  });
}
