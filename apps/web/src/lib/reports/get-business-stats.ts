// GET /services/workflow/api/v1/report/business/{businessId}/stats: counts of projects, sites and
// members, schedules running now, schedules of the range by status, and answers.
import { useQuery } from '@tanstack/react-query';
import type { BusinessStats } from '@fieldops/shared/reports';
import { api } from '../api-client.ts';
import type { DateRange } from './date-presets.ts';
import { reportsRootKey } from './report-filter.ts';

/** One of the three narrows the stats (the call takes a single one). */
export interface StatsParams extends DateRange {
  projectId?: number;
  teamId?: number;
  userId?: number;
}

export const businessStatsQueryKey = (businessId: number, params: StatsParams) => [...reportsRootKey, 'stats', businessId, params] as const;

export const fetchBusinessStats = (businessId: number, params: StatsParams, signal?: AbortSignal) =>
  api.get<BusinessStats>(`/v1/report/business/${businessId}/stats`, { base: 'workflow', params: { ...params }, signal });

export function useBusinessStatsQuery(businessId: number, params: StatsParams, enabled = true) {
  return useQuery({
    queryKey: businessStatsQueryKey(businessId, params),
    queryFn: ({ signal }) => fetchBusinessStats(businessId, params, signal),
    enabled,
  });
}
