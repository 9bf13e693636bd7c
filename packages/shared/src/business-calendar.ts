// The business calendar's arithmetic: which real time counts as working time. A calendar is the
// business's IANA time zone, its working hours per weekday (minute ranges of the local day) and
// its holidays (local dates). A moment is working time when the business's wall clock shows a
// working minute of a working day: an hour the clock skips in spring counts nothing, and an hour
// it shows twice in autumn counts twice, as people at work live it. Only Intl is needed.

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const MINUTES_A_DAY = 1440;

/** A range of minutes of the local day, [start, end), 0 ≤ start < end ≤ 1440. */
export type MinuteRange = readonly [number, number];

export interface BusinessCalendar {
  /** IANA time zone, e.g. Asia/Riyadh. */
  timeZone: string;
  /** Working ranges per weekday, Sunday first (index 0 Sunday … 6 Saturday, as Date#getDay). A day off has none. */
  week: ReadonlyArray<ReadonlyArray<MinuteRange>>;
  /** Days off on the business's clock, as YYYY-MM-DD. */
  holidays: Iterable<string>;
}

/** A calendar ready for counting: ranges merged and sorted, holidays in a set. */
interface Prepared {
  timeZone: string;
  week: MinuteRange[][];
  holidays: ReadonlySet<string>;
  worksAtAll: boolean;
}

/** The offset of the zone from UTC at an instant, in milliseconds (local = utc + offset). */
export type OffsetOf = (instant: number) => number;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset at an instant, read from Intl's wall clock for it. Throws RangeError for an unknown zone. */
export function zoneOffset(timeZone: string, instant: number): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(instant));
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
  const second = Math.floor(instant / 1000) * 1000;
  return wall - second;
}

/** Whether a time zone name is one Intl knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local date (YYYY-MM-DD) of a day counted from 1970-01-01. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Sorted, merged and clipped to the day, so that overlapping ranges count once. */
export function normaliseRanges(ranges: ReadonlyArray<MinuteRange>): MinuteRange[] {
  const sorted = ranges
    .map(([s, e]) => [Math.max(0, s), Math.min(MINUTES_A_DAY, e)] as const)
    .filter(([s, e]) => s < e)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

function prepare(calendar: BusinessCalendar): Prepared {
  const week = Array.from({ length: 7 }, (_, i) => normaliseRanges(calendar.week[i] ?? []));
  return { timeZone: calendar.timeZone, week, holidays: new Set(calendar.holidays), worksAtAll: week.some((r) => r.length > 0) };
}

/**
 * The stretches of [from, to) over which the zone's offset holds still, each with its offset.
 * The offset is sampled a day apart and a change is narrowed to the millisecond; zones change
 * at most once within a day.
 */
function* steadyStretches(timeZone: string, from: number, to: number): Generator<[number, number, number]> {
  let start = from;
  let offset = zoneOffset(timeZone, start);
  while (start < to) {
    const probe = Math.min(start + DAY_MS, to);
    if (zoneOffset(timeZone, probe) === offset) {
      yield [start, probe, offset];
      start = probe;
      continue;
    }
    // The first instant with the new offset, between start (old) and probe (new).
    let low = start;
    let high = probe;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (zoneOffset(timeZone, mid) === offset) low = mid;
      else high = mid;
    }
    yield [start, high, offset];
    start = high;
    offset = zoneOffset(timeZone, start);
  }
}

/** The working spans [start, end) of the local clock between two local instants (ms since the local epoch), in order. */
function* workingSpans(cal: Prepared, from: number, to: number): Generator<[number, number]> {
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS < to; day++) {
    const ranges = cal.week[(((day + 4) % 7) + 7) % 7] ?? [];
    if (ranges.length === 0 || cal.holidays.has(dateOfDay(day))) continue;
    const base = day * DAY_MS;
    for (const [s, e] of ranges) {
      const a = Math.max(from, base + s * MINUTE_MS);
      const b = Math.min(to, base + e * MINUTE_MS);
      if (b > a) yield [a, b];
    }
  }
}

/** Working milliseconds of the local clock between two local instants. */
function workingLocal(cal: Prepared, from: number, to: number): number {
  let total = 0;
  for (const [a, b] of workingSpans(cal, from, to)) total += b - a;
  return total;
}

/**
 * The local instant at which `needed` working milliseconds have passed from `from`, if that
 * happens before `to`; otherwise null.
 */
function reachLocal(cal: Prepared, from: number, to: number, needed: number): number | null {
  let left = needed;
  for (const [a, b] of workingSpans(cal, from, to)) {
    if (b - a >= left) return a + left;
    left -= b - a;
  }
  return null;
}

const instantOf = (at: Date | number): number => (typeof at === 'number' ? at : at.getTime());

/** Working milliseconds between two instants (0 when `to` is not after `from`). */
export function workingMsBetween(calendar: BusinessCalendar, from: Date | number, to: Date | number): number {
  const cal = prepare(calendar);
  return workingMsPrepared(cal, instantOf(from), instantOf(to));
}

function workingMsPrepared(cal: Prepared, from: number, to: number): number {
  if (!(to > from) || !cal.worksAtAll) return 0;
  let total = 0;
  for (const [a, b, offset] of steadyStretches(cal.timeZone, from, to)) total += workingLocal(cal, a + offset, b + offset);
  return total;
}

/** Working minutes between two instants, whole minutes counted down. */
export const workingMinutesBetween = (calendar: BusinessCalendar, from: Date | number, to: Date | number): number =>
  Math.floor(workingMsBetween(calendar, from, to) / MINUTE_MS);

/** How far ahead a due time is looked for before the calendar is judged to have no working time. */
const HORIZON_MS = 5 * 366 * DAY_MS;

/**
 * The instant at which `ms` working milliseconds have passed since `from`: the first instant
 * whose working time since `from` reaches `ms`. Null when the calendar has no working time for
 * five years from `from`.
 */
export function addWorkingMs(calendar: BusinessCalendar, from: Date | number, ms: number): number | null {
  return addWorkingPrepared(prepare(calendar), instantOf(from), ms);
}

function addWorkingPrepared(cal: Prepared, from: number, ms: number): number | null {
  if (ms <= 0) return from;
  if (!cal.worksAtAll) return null;
  let left = ms;
  for (const [a, b, offset] of steadyStretches(cal.timeZone, from, from + HORIZON_MS)) {
    const reached = reachLocal(cal, a + offset, b + offset, left);
    if (reached !== null) return reached - offset;
    left -= workingLocal(cal, a + offset, b + offset);
  }
  return null;
}

/** The due instant after `minutes` working minutes from `from` (see addWorkingMs). */
export const addWorkingMinutes = (calendar: BusinessCalendar, from: Date | number, minutes: number): number | null =>
  addWorkingMs(calendar, from, minutes * MINUTE_MS);

/** A calendar prepared once for many questions (the SLA clock asks several). */
export interface CalendarCounter {
  workingMs(from: number, to: number): number;
  addWorkingMs(from: number, ms: number): number | null;
}

export function calendarCounter(calendar: BusinessCalendar): CalendarCounter {
  const cal = prepare(calendar);
  return { workingMs: (from, to) => workingMsPrepared(cal, from, to), addWorkingMs: (from, ms) => addWorkingPrepared(cal, from, ms) };
}
