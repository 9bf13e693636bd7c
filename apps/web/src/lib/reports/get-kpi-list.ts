// GET /services/workflow/api/v1/report/{kind}/kpi: best or worst first by completion rate, or by
// number of schedules (order=load), under the report filter.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { KpiItem, KpiKind, KpiOrder } from '@fieldops/shared/reports';
import { api } from '../api-client.ts';
import { filterParams, reportsRootKey, type ReportFilter } from './report-filter.ts';

export interface KpiListParams {
  kind: KpiKind;
  filter: ReportFilter;
  best?: boolean;
  order?: KpiOrder;
  size?: number;
}

export const kpiListQueryKey = (params: KpiListParams) => [...reportsRootKey, 'kpi', params] as const;

export const fetchKpiList = ({ kind, filter, best = true, order = 'rate', size }: KpiListParams, signal?: AbortSignal) =>
  api.list<KpiItem>(`/v1/report/${kind}/kpi`, {
    base: 'workflow',
    // `best` means nothing to a load ranking; leaving it out keeps one cache entry per list.
    params: { ...filterParams(filter), best: order === 'load' ? undefined : best, order, page: 0, size },
    signal,
  });

/** `enabled` false waits (the dashboard fills these from its one call). */
export function useKpiListQuery(params: KpiListParams, enabled = true) {
  return useQuery({
    queryKey: kpiListQueryKey(params),
    queryFn: ({ signal }) => fetchKpiList(params, signal),
    enabled,
    // A new range or toggle keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
