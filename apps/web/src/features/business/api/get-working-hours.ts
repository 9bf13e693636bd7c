// GET /api/v1/business-calendar/working-hours: the hours of each weekday and whose public
// holidays the business keeps (the defaults until an administrator saves them).
import { useQuery } from '@tanstack/react-query';
import type { WorkingHours } from '@fieldops/shared/business-calendar-api';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const fetchWorkingHours = (signal?: AbortSignal) => api.get<WorkingHours>('/v1/business-calendar/working-hours', { signal });

export function useWorkingHoursQuery() {
  return useQuery({ queryKey: businessKeys.workingHours, queryFn: ({ signal }) => fetchWorkingHours(signal) });
}
