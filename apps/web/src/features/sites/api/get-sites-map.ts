// The sites map's data: every site of the business with coordinates, in one call (GET
// /api/v1/teams/places), and each site's completion rate over the chosen days (GET
// /services/workflow/api/v1/report/teams/kpi, 100 a page, only sites with schedules), read page by
// page, a few pages at once, and joined by site.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SitePlaces } from '@fieldops/shared/organisation';
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
export function joinSitesMap(places: SitePlaces, rates: readonly Pick<KpiItem, 'id' | 'completionRate' | 'total'>[]): SitesMapData {
  const rateOf = new Map(rates.map((item) => [item.id, item.total > 0 ? item.completionRate : null]));
  return {
    sites: places.items.map((site) => ({ ...site, completionRate: rateOf.get(site.id) ?? null })),
    unplaced: places.unplaced,
  };
}

export async function fetchSitesMap(range: DateRange, signal?: AbortSignal): Promise<SitesMapData> {
  const [places, rates] = await Promise.all([
    api.get<SitePlaces>('/v1/teams/places', { signal }),
    allPages(MAX_KPI_SIZE, (page) =>
      api.list<KpiItem>('/v1/report/teams/kpi', {
        base: 'workflow',
        params: { startDate: range.startDate, endDate: range.endDate, order: 'load', page, size: MAX_KPI_SIZE },
        signal,
      }),
    ),
  ]);
  return joinSitesMap(places, rates);
}

export const sitesMapQueryKey = (range: DateRange) => [...siteKeys.all, 'map', range] as const;

export function useSitesMapQuery(range: DateRange) {
  return useQuery({ queryKey: sitesMapQueryKey(range), queryFn: ({ signal }) => fetchSitesMap(range, signal), placeholderData: keepPreviousData });
}
