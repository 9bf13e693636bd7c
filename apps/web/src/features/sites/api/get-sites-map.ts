// The sites map's data: every site of the business with coordinates (GET /api/v1/teams/places) and
// the completion rate over the chosen days of every site with schedules (GET
// /services/workflow/api/v1/report/teams/completion), each in one call, side by side, joined by site.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SitePlaces } from '@fieldops/shared/organisation';
import type { SiteCompletions } from '@fieldops/shared/reports';
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

/** The sites that have coordinates, each with its rate; how many have none. */
export function joinSitesMap(places: SitePlaces, rates: SiteCompletions['items']): SitesMapData {
  const rateOf = new Map(rates.map((item) => [item.id, item.total > 0 ? item.completionRate : null]));
  return {
    sites: places.items.map((site) => ({ ...site, completionRate: rateOf.get(site.id) ?? null })),
    unplaced: places.unplaced,
  };
}

export async function fetchSitesMap(range: DateRange, signal?: AbortSignal): Promise<SitesMapData> {
  const [places, rates] = await Promise.all([
    api.get<SitePlaces>('/v1/teams/places', { signal }),
    api.get<SiteCompletions>('/v1/report/teams/completion', { base: 'workflow', params: { startDate: range.startDate, endDate: range.endDate }, signal }),
  ]);
  return joinSitesMap(places, rates.items);
}

export const sitesMapQueryKey = (range: DateRange) => [...siteKeys.all, 'map', range] as const;

export function useSitesMapQuery(range: DateRange) {
  return useQuery({ queryKey: sitesMapQueryKey(range), queryFn: ({ signal }) => fetchSitesMap(range, signal), placeholderData: keepPreviousData });
}
