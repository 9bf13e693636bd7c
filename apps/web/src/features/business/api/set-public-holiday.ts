// PUT /api/v1/business-calendar/public-holidays/{date}: keeps a public holiday, or not.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Holiday } from '@fieldops/shared/business-calendar-api';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const setPublicHolidayMutationKey = ['business-calendar', 'public-holidays', 'set'] as const;

export const setPublicHoliday = ({ date, observed }: { date: string; observed: boolean }) =>
  api.put<Holiday>(`/v1/business-calendar/public-holidays/${date}`, { observed });

export function useSetPublicHolidayMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: setPublicHolidayMutationKey,
    mutationFn: setPublicHoliday,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: businessKeys.holidays }),
  });
}
