// GET /services/workflow/api/v2/schedules: every schedule the caller may see (All Tasks), 20 a
// page, total in X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schedule } from '@fieldops/shared/schedules';
import { api } from '../../../lib/api-client.ts';
import type { ScheduleListParams } from './schedule-list-params.ts';
import { trackerKeys } from './tracker-keys.ts';

export const fetchSchedules = (params: ScheduleListParams, signal?: AbortSignal) =>
  api.list<Schedule>('/v2/schedules', { base: 'workflow', params: { ...params }, signal });

export function useSchedulesQuery(params: ScheduleListParams, enabled = true) {
  return useQuery({
    queryKey: trackerKeys.list(params),
    queryFn: ({ signal }) => fetchSchedules(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
