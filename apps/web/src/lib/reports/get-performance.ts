// GET /services/workflow/api/v1/report/performance: schedules by status and the completion rate
// for every day of the range (days without schedules included), under the report filter.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PerformancePoint } from '@fieldops/shared/reports';
import { api } from '../api-client.ts';
import { filterParams, reportsRootKey, type ReportFilter } from './report-filter.ts';

export const performanceQueryKey = (filter: ReportFilter) => [...reportsRootKey, 'performance', filter] as const;

export const fetchPerformance = (filter: ReportFilter, signal?: AbortSignal) =>
  api.get<PerformancePoint[]>('/v1/report/performance', { base: 'workflow', params: filterParams(filter), signal });

export function usePerformanceQuery(filter: ReportFilter) {
  return useQuery({
    queryKey: performanceQueryKey(filter),
    queryFn: ({ signal }) => fetchPerformance(filter, signal),
    placeholderData: keepPreviousData,
  });
}
