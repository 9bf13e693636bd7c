// GET /services/workflow/api/v1/report/business/{businessId}/dashboard: every card of the
// dashboard in one call. Each part is put in the cache under the key of the card's own query, so
// the cards show it as if they had read it themselves, and read again on their own afterwards (a
// best/worst toggle, a retry). If the one call fails, the cards read their parts one by one.
import { notifyManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_LOAD_SIZE, DASHBOARD_LOADED, DASHBOARD_RANKED, DASHBOARD_TAGS_SIZE } from '@fieldops/shared/report-limits';
import type { DashboardReport } from '@fieldops/shared/reports';
import { api } from '../../../lib/api-client.ts';
import { businessStatsQueryKey, type StatsParams } from '../../../lib/reports/get-business-stats.ts';
import { kpiListQueryKey } from '../../../lib/reports/get-kpi-list.ts';
import { tagsKpiQueryKey } from '../../../lib/reports/get-tags-kpi.ts';
import { reportsRootKey, type ReportFilter } from '../../../lib/reports/report-filter.ts';

export const dashboardQueryKey = (businessId: number, params: StatsParams) => [...reportsRootKey, 'dashboard', businessId, params] as const;

export const fetchDashboard = (businessId: number, params: StatsParams, signal?: AbortSignal) =>
  api.get<DashboardReport>(`/v1/report/business/${businessId}/dashboard`, { base: 'workflow', params: { ...params }, signal });

const asList = <T>({ items, total }: { items: T[]; total: number }) => ({ data: items, total });

export function useDashboardQuery(businessId: number, stats: StatsParams, filter: ReportFilter) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: dashboardQueryKey(businessId, stats),
    queryFn: async ({ signal }) => {
      const report = await fetchDashboard(businessId, stats, signal);
      // One notification for all the parts: the screen draws them in one pass, not nine.
      notifyManager.batch(() => seed(report));
      return report;
    },
    // A failure falls back to the cards' own calls at once, each with its own error and retry.
    retry: false,
  });

  function seed(report: DashboardReport) {
    queryClient.setQueryData(businessStatsQueryKey(businessId, stats), report.stats);
    for (const kind of DASHBOARD_RANKED) {
      queryClient.setQueryData(kpiListQueryKey({ kind, filter, best: true, size: undefined }), asList(report.best[kind]));
    }
    for (const kind of DASHBOARD_LOADED) {
      queryClient.setQueryData(kpiListQueryKey({ kind, filter, order: 'load', size: DASHBOARD_LOAD_SIZE }), asList(report.load[kind]));
    }
    queryClient.setQueryData(tagsKpiQueryKey(filter, DASHBOARD_TAGS_SIZE), asList(report.tags));
  }
}
