// The holidays the business keeps between two local dates, for the tracker's word on why a day
// has no schedule and the plan form's next dates of a plan that skips holidays (the days the
// schedule engine leaves out): GET /api/v1/business-calendar/holidays?year= for each year the
// range touches.
import { useQuery } from '@tanstack/react-query';
import type { Holiday } from '@fieldops/shared/business-calendar-api';
import { api } from '../api-client.ts';

const HOUR_MS = 3_600_000;

async function fetchHolidaysBetween(from: string, to: string, signal?: AbortSignal): Promise<Holiday[]> {
  const years: number[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) years.push(year);
  const lists = await Promise.all(years.map((year) => api.get<Holiday[]>('/v1/business-calendar/holidays', { params: { year }, signal })));
  return lists.flat().filter((h) => h.observed && h.date >= from && h.date <= to);
}

export function useHolidaysBetween(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: ['business-calendar', 'kept', { from, to }] as const,
    queryFn: ({ signal }) => fetchHolidaysBetween(from, to, signal),
    // Holidays change seldom: an hour is fresh enough, and a failure only leaves the note out.
    staleTime: HOUR_MS,
    retry: false,
    enabled,
  });
}
