// The date range of a report: calendar dates in the business's time zone, both ends inclusive
// (DESIGN §8). Without dates a report covers the last 30 days up to today; a range that ends
// before it starts, or is longer than MAX_REPORT_DAYS, is refused naming the field.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_PERFORMANCE_DAYS, MAX_REPORT_DAYS } from '@fieldops/shared/reports';
import { MSG } from '@fieldops/shared/messages';
import { fieldError } from '../../../lib/errors.ts';

export interface DateRange {
  /** 'YYYY-MM-DD', inclusive. */
  startDate: string;
  endDate: string;
  timeZone: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Days from `start` to `end`, both counted. */
export const daysIn = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * The range a report covers. Without a start it is `days` days up to the end; without an end
 * it ends today (in the business's time zone).
 */
export function resolveRange(query: { startDate?: string; endDate?: string }, timeZone: string, now = new Date(), days = DEFAULT_PERFORMANCE_DAYS): DateRange {
  const endDate = query.endDate ?? localDate(now, timeZone);
  const startDate = query.startDate ?? addDays(endDate, 1 - days);
  if (endDate < startDate) throw fieldError('endDate', MSG.endBeforeStart);
  if (daysIn(startDate, endDate) > MAX_REPORT_DAYS) throw fieldError('endDate', MSG.reportRangeTooLong);
  return { startDate, endDate, timeZone };
}

/** Midnight starting the day `days` after `date`, in the time zone, as an instant. */
export const dayStart = (range: DateRange, date: string) => sql`(${date}::date::timestamp at time zone ${range.timeZone})`;

/** `column` (an instant) falls on one of the range's days. */
export const inRange = (column: AnyPgColumn | SQL, range: DateRange): SQL =>
  sql`${column} >= ${dayStart(range, range.startDate)} and ${column} < ${dayStart(range, addDays(range.endDate, 1))}`;
