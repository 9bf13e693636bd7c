// PUT /api/v1/business-calendar/working-hours (owners and admins). A new country brings other
// public holidays, so the holiday lists are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkingHours, WorkingHoursRequest } from '@fieldops/shared/business-calendar-api';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const updateWorkingHoursMutationKey = ['business-calendar', 'working-hours', 'update'] as const;

export const updateWorkingHours = (body: WorkingHoursRequest) => api.put<WorkingHours>('/v1/business-calendar/working-hours', body);

export function useUpdateWorkingHoursMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateWorkingHoursMutationKey,
    mutationFn: updateWorkingHours,
    onSuccess: (saved) => {
      queryClient.setQueryData(businessKeys.workingHours, saved);
      void queryClient.invalidateQueries({ queryKey: businessKeys.holidays });
    },
  });
}
