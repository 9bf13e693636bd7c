// The sites map's data: every site of the business with coordinates (GET /api/v1/teams, 500 a
// page) and each site's completion rate over the chosen days (GET
// /services/workflow/api/v1/report/teams/kpi, 100 a page), read page by page, a few pages at once,
// and joined by site.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@fieldops/shared/limits';
import type { Site } from '@fieldops/shared/organisation';
import { MAX_KPI_SIZE, type KpiItem } from '@fieldops/shared/reports';
import { api } from '../../../lib/api-client.ts';
import type { DateRange } from '../../../lib/reports/date-presets.ts';
import { siteKeys } from './site-keys.ts';

export interface MappedSite {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  /** Done over all schedules in the range, as a percentage; null with no schedule. */
  completionRate: number | null;
}

export interface SitesMapData {
  sites: MappedSite[];
  /** Sites of the business without coordinates, which the map cannot show. */
  unplaced: number;
}

const PARALLEL = 4;

/** Every page of a list: the first tells the total, the rest are read a few at a time. */
async function allPages<T>(size: number, read: (page: number) => Promise<{ data: T[]; total: number }>): Promise<T[]> {
  const first = await read(0);
  const pages = Math.ceil(first.total / size);
  const rest: T[][] = [];
  for (let start = 1; start < pages; start += PARALLEL) {
    const batch = Array.from({ length: Math.min(PARALLEL, pages - start) }, (_, i) => read(start + i).then((result) => result.data));
    rest.push(...(await Promise.all(batch)));
  }
  return [first.data, ...rest].flat();
}

/** The sites that have coordinates, each with its rate; how many have none. */
export function joinSitesMap(
  sites: readonly Pick<Site, 'id' | 'name' | 'latitude' | 'longitude'>[],
  rates: readonly Pick<KpiItem, 'id' | 'completionRate' | 'total'>[],
): SitesMapData {
  const rateOf = new Map(rates.map((item) => [item.id, item.total > 0 ? item.completionRate : null]));
  const placed: MappedSite[] = [];
  for (const site of sites) {
    if (site.latitude === null || site.longitude === null) continue;
    placed.push({ id: site.id, name: site.name, latitude: site.latitude, longitude: site.longitude, completionRate: rateOf.get(site.id) ?? null });
  }
  return { sites: placed, unplaced: sites.length - placed.length };
}

export async function fetchSitesMap(range: DateRange, signal?: AbortSignal): Promise<SitesMapData> {
  const [sites, rates] = await Promise.all([
    allPages(MAX_PAGE_SIZE, (page) => api.list<Site>('/v1/teams', { params: { page, size: MAX_PAGE_SIZE }, signal })),
    allPages(MAX_KPI_SIZE, (page) =>
      api.list<KpiItem>('/v1/report/teams/kpi', {
        base: 'workflow',
        params: { startDate: range.startDate, endDate: range.endDate, order: 'load', page, size: MAX_KPI_SIZE },
        signal,
      }),
    ),
  ]);
  return joinSitesMap(sites, rates);
}

export const sitesMapQueryKey = (range: DateRange) => [...siteKeys.all, 'map', range] as const;

export function useSitesMapQuery(range: DateRange) {
  return useQuery({ queryKey: sitesMapQueryKey(range), queryFn: ({ signal }) => fetchSitesMap(range, signal), placeholderData: keepPreviousData });
}
