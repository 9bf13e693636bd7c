// GET /services/workflow/api/schedules/{id}?eagerLoad=true: one schedule with its task's
// ordered actions, the site's area, the answers so far and whether the caller may answer now.
import { useQuery } from '@tanstack/react-query';
import type { ScheduleDetail } from '@fieldops/shared/schedules';
import { api } from '../../../lib/api-client.ts';
import { trackerKeys } from './tracker-keys.ts';

export const fetchSchedule = (id: number, signal?: AbortSignal) =>
  api.get<ScheduleDetail>(`/schedules/${id}`, { base: 'workflow', params: { eagerLoad: true }, signal });

export function useScheduleQuery(id: number, enabled = true) {
  return useQuery({
    queryKey: trackerKeys.detail(id),
    queryFn: ({ signal }) => fetchSchedule(id, signal),
    enabled,
  });
}
