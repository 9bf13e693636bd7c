// GET /api/v1/business-calendar/holidays?year=: the year's public holidays (kept or turned off)
// and the business's own days, by date.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Holiday } from '@fieldops/shared/business-calendar-api';
import { api } from '../../../lib/api-client.ts';
import { businessKeys } from './business-keys.ts';

export const fetchHolidays = (year: number, signal?: AbortSignal) => api.get<Holiday[]>('/v1/business-calendar/holidays', { params: { year }, signal });

export function useHolidaysQuery(year: number) {
  return useQuery({ queryKey: businessKeys.holidaysOf(year), queryFn: ({ signal }) => fetchHolidays(year, signal), placeholderData: keepPreviousData });
}
