// GET /services/workflow/api/v1/report/business/{businessId}/dashboard: every card of the
// dashboard in one call. Each part is put in the cache under the key of the card's own query, so
// the cards show it as if they had read it themselves, and read again on their own afterwards (a
// best/worst toggle, a retry). If the one call fails, the cards read their parts one by one.
// With the default filters, index.html may already have asked for it (early-dashboard.ts).
import { notifyManager, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DASHBOARD_LOAD_SIZE, DASHBOARD_LOADED, DASHBOARD_RANKED, DASHBOARD_TAGS_SIZE } from '@fieldops/shared/report-limits';
import type { DashboardReport } from '@fieldops/shared/reports';
import { STORAGE_KEYS } from '@fieldops/shared/limits';
import { api, buildUrl } from '../../../lib/api-client.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { businessStatsQueryKey, type StatsParams } from '../../../lib/reports/get-business-stats.ts';
import { kpiListQueryKey } from '../../../lib/reports/get-kpi-list.ts';
import { tagsKpiQueryKey } from '../../../lib/reports/get-tags-kpi.ts';
import { reportsRootKey, type ReportFilter } from '../../../lib/reports/report-filter.ts';
import { EARLY_DASHBOARD_GLOBAL, type DashboardHint, type EarlyDashboard } from './early-dashboard.ts';

export const dashboardQueryKey = (businessId: number, params: StatsParams) => [...reportsRootKey, 'dashboard', businessId, params] as const;

const dashboardPath = (businessId: number) => `/v1/report/business/${businessId}/dashboard`;

export const fetchDashboard = (businessId: number, params: StatsParams, signal?: AbortSignal) =>
  api.get<DashboardReport>(dashboardPath(businessId), { base: 'workflow', params: { ...params }, signal });

/** Where the dashboard's call with the default range goes, for index.html to ask early next time. */
export function dashboardHint(businessId: number, zone: string): DashboardHint {
  return { path: buildUrl('workflow', dashboardPath(businessId)), zone };
}

function rememberHint(hint: DashboardHint) {
  const text = JSON.stringify(hint);
  if (readStorage(STORAGE_KEYS.dashboardHint) !== text) writeStorage(STORAGE_KEYS.dashboardHint, text);
}

/**
 * index.html's answer for this very call, if it asked for it; taken once, whatever the address,
 * so it is never read for a later call. Anything but a 2xx is asked again, as the app asks.
 */
export async function takeEarlyDashboard(businessId: number, params: StatsParams): Promise<DashboardReport | null> {
  const holder = window as unknown as Record<string, EarlyDashboard | undefined>;
  const early = holder[EARLY_DASHBOARD_GLOBAL];
  if (!early) return null;
  delete holder[EARLY_DASHBOARD_GLOBAL];
  if (early.url !== dashboardUrl(businessId, params)) return null;
  const response = await early.response;
  if (!response?.ok) return null;
  try {
    return (await response.json()) as DashboardReport;
  } catch {
    return null;
  }
}

/** The dashboard's call for these filters, as the page makes it. */
export const dashboardUrl = (businessId: number, params: StatsParams) => buildUrl('workflow', dashboardPath(businessId), { ...params });

const asList = <T>({ items, total }: { items: T[]; total: number }) => ({ data: items, total });

/** `hint`: where the call goes when the filters are the defaults, kept for the next start. */
export function useDashboardQuery(businessId: number, stats: StatsParams, filter: ReportFilter, hint: DashboardHint | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: dashboardQueryKey(businessId, stats),
    queryFn: async ({ signal }) => {
      const report = (await takeEarlyDashboard(businessId, stats)) ?? (await fetchDashboard(businessId, stats, signal));
      if (hint) rememberHint(hint);
      // One notification for all the parts: the screen draws them in one pass, not nine.
      notifyManager.batch(() => seedDashboardParts(queryClient, businessId, stats, filter, report));
      return report;
    },
    // A failure falls back to the cards' own calls at once, each with its own error and retry.
    retry: false,
  });
}

/** Each card's part of one answer, under the key of the card's own query. */
export function seedDashboardParts(queryClient: QueryClient, businessId: number, stats: StatsParams, filter: ReportFilter, report: DashboardReport) {
  queryClient.setQueryData(businessStatsQueryKey(businessId, stats), report.stats);
  for (const kind of DASHBOARD_RANKED) {
    queryClient.setQueryData(kpiListQueryKey({ kind, filter, best: true, size: undefined }), asList(report.best[kind]));
  }
  for (const kind of DASHBOARD_LOADED) {
    queryClient.setQueryData(kpiListQueryKey({ kind, filter, order: 'load', size: DASHBOARD_LOAD_SIZE }), asList(report.load[kind]));
  }
  queryClient.setQueryData(tagsKpiQueryKey(filter, DASHBOARD_TAGS_SIZE), asList(report.tags));
}
