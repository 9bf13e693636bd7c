// GET /services/workflow/api/v1/report/{kind}/kpi/{id}: one entity's rank among those ranked in
// the range, its completion rate and its schedules by status.
import { useQuery } from '@tanstack/react-query';
import type { KpiKind, KpiStanding } from '@fieldops/shared/reports';
import { api } from '../api-client.ts';
import type { DateRange } from './date-presets.ts';
import { reportsRootKey } from './report-filter.ts';

export const kpiStandingQueryKey = (kind: KpiKind, id: number, range: DateRange) => [...reportsRootKey, 'standing', kind, id, range] as const;

export const fetchKpiStanding = (kind: KpiKind, id: number, range: DateRange, signal?: AbortSignal) =>
  api.get<KpiStanding>(`/v1/report/${kind}/kpi/${id}`, { base: 'workflow', params: { ...range }, signal });

export function useKpiStandingQuery(kind: KpiKind, id: number, range: DateRange) {
  return useQuery({
    queryKey: kpiStandingQueryKey(kind, id, range),
    queryFn: ({ signal }) => fetchKpiStanding(kind, id, range, signal),
  });
}
