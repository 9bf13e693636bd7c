// GET /services/workflow/api/schedules/user-schedules: the caller's own schedules (My Tasks),
// 20 a page, total in X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schedule } from '@fieldops/shared/schedules';
import { api } from '../../../lib/api-client.ts';
import type { ScheduleListParams } from './schedule-list-params.ts';
import { trackerKeys } from './tracker-keys.ts';

export const fetchUserSchedules = (params: ScheduleListParams, signal?: AbortSignal) =>
  api.list<Schedule>('/schedules/user-schedules', { base: 'workflow', params: { ...params }, signal });

export function useUserSchedulesQuery(params: ScheduleListParams, enabled = true) {
  return useQuery({
    queryKey: trackerKeys.mine(params),
    queryFn: ({ signal }) => fetchUserSchedules(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
