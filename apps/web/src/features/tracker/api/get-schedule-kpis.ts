// GET /services/workflow/api/schedules/kpis: schedules by status under the tracker's filters,
// shown as the counters of the status tabs.
import { useQuery } from '@tanstack/react-query';
import type { ScheduleKpis, ScheduleTiming } from '@fieldops/shared/schedules';
import { api } from '../../../lib/api-client.ts';
import { trackerKeys } from './tracker-keys.ts';

export interface KpiParams {
  timing: ScheduleTiming;
  startDate?: string;
  endDate?: string;
  /** My Tasks counts the caller's own schedules only. */
  users?: number[];
}

export const fetchScheduleKpis = (params: KpiParams, signal?: AbortSignal) =>
  api.get<ScheduleKpis>('/schedules/kpis', { base: 'workflow', params: { ...params }, signal });

export function useScheduleKpisQuery(params: KpiParams) {
  return useQuery({
    queryKey: trackerKeys.kpis(params),
    queryFn: ({ signal }) => fetchScheduleKpis(params, signal),
  });
}
