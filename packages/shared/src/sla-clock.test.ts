// The business calendar and the SLA clock against a brute-force reference that walks the time
// line a minute at a time, asks Intl what the business's wall clock shows (date, weekday, time)
// and counts the minute when the calendar works then and the ticket's status lets the clock run.
// Random calendars, holidays, hold spells and reopenings, in a zone without daylight saving
// (Asia/Riyadh) and one with it (Europe/London), with windows drawn around the clock changes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addWorkingMinutes,
  addWorkingMs,
  MINUTE_MS,
  workingMinutesBetween,
  workingMsBetween,
  type BusinessCalendar,
  type MinuteRange,
} from './business-calendar.ts';
import { elapsedWorkingMs, readSlaClock, type StatusChange } from './sla-clock.ts';
import { allowedTransitions } from './ticket-transitions.ts';
import type { TicketStatus } from './enums.ts';

const DAY_MINUTES = 1440;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** What the wall clock of a zone shows at an instant, read from Intl alone. */
function wallClock(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (instant: number) => {
    const parts = format.formatToParts(instant);
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return {
      date: `${get('year')}-${get('month')}-${get('day')}`,
      weekday: WEEKDAYS.indexOf(get('weekday')),
      minute: Number(get('hour')) * 60 + Number(get('minute')),
    };
  };
}

/** Whether the calendar works in the minute starting at an instant. */
function worksAt(calendar: BusinessCalendar, wall: ReturnType<typeof wallClock>, instant: number): boolean {
  const { date, weekday, minute } = wall(instant);
  if ([...calendar.holidays].includes(date)) return false;
  return (calendar.week[weekday] ?? []).some(([s, e]) => s <= minute && minute < e);
}

/** The status in force during the minute starting at an instant. */
function statusAt(history: StatusChange[], instant: number): TicketStatus | null {
  let status: TicketStatus | null = null;
  for (const change of history) if (+change.at <= instant) status = change.status;
  return status;
}

const runs = (status: TicketStatus | null) => status === 'NEW' || status === 'IN_PROGRESS';

/** Minute by minute: working minutes in [from, to), and the end of the minute in which `budget` is reached (or null). */
function bruteForce(calendar: BusinessCalendar, from: number, to: number, budget: number, history?: StatusChange[]) {
  const wall = wallClock(calendar.timeZone);
  let count = 0;
  let reachedAt: number | null = budget === 0 ? from : null;
  for (let t = from; t < to; t += MINUTE_MS) {
    if ((history === undefined || runs(statusAt(history, t))) && worksAt(calendar, wall, t)) {
      count++;
      if (count === budget && reachedAt === null) reachedAt = t + MINUTE_MS;
    }
  }
  return { count, reachedAt };
}

// ------------------------------------------------------------------ generators

const ZONES = ['Asia/Riyadh', 'Europe/London'] as const;

const range = fc
  .tuple(fc.integer({ min: 0, max: DAY_MINUTES - 1 }), fc.integer({ min: 1, max: 720 }))
  .map(([start, length]): MinuteRange => [start, Math.min(DAY_MINUTES, start + length)]);
const week = fc.array(fc.array(range, { maxLength: 3 }), { minLength: 7, maxLength: 7 });

/** Window starts near the 2026 and 2027 clock changes in London, or anywhere in those years. */
const ANCHORS = [Date.UTC(2026, 2, 27), Date.UTC(2026, 9, 23), Date.UTC(2027, 2, 26), Date.UTC(2027, 9, 29)];
const windowStart = fc.oneof(
  fc.tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: 0, max: 4 * DAY_MINUTES })).map(([anchor, m]) => anchor + m * MINUTE_MS),
  fc.integer({ min: 0, max: 2 * 365 * DAY_MINUTES }).map((m) => Date.UTC(2026, 0, 1) + m * MINUTE_MS),
);

const dateOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/** A calendar in the zone, with holidays among the days around the window. */
const calendarNear = (timeZone: string, from: number) =>
  fc.record({ week, holidayDays: fc.uniqueArray(fc.integer({ min: -1, max: 7 }), { maxLength: 4 }) }).map(({ week: w, holidayDays }): BusinessCalendar => ({
    timeZone,
    week: w,
    holidays: holidayDays.map((d) => dateOf(from + d * DAY_MINUTES * MINUTE_MS)),
  }));

const scenario = (timeZone: string) =>
  windowStart.chain((from) =>
    fc.record({
      from: fc.constant(from),
      minutes: fc.integer({ min: 0, max: 5 * DAY_MINUTES }),
      calendar: calendarNear(timeZone, from),
    }),
  );

/** A ticket's history: created NEW at `from`, then allowed moves at increasing minutes (holds and reopenings among them). */
const historyFrom = (from: number, length: number) =>
  fc.array(fc.tuple(fc.integer({ min: 1, max: Math.max(1, Math.floor(length / 3)) }), fc.nat()), { maxLength: 8 }).map((steps) => {
    const history: StatusChange[] = [{ status: 'NEW', at: from }];
    let at = from;
    for (const [gap, pick] of steps) {
      const last = history[history.length - 1]!.status;
      const next = allowedTransitions(last);
      if (next.length === 0) break;
      at += gap * MINUTE_MS;
      history.push({ status: next[pick % next.length]!, at });
    }
    return history;
  });

// ------------------------------------------------------------------ properties

describe.each(ZONES)('the business calendar in %s against minute-by-minute counting', (timeZone) => {
  it('counts the working minutes between two instants', () => {
    fc.assert(
      fc.property(scenario(timeZone), ({ from, minutes, calendar }) => {
        const to = from + minutes * MINUTE_MS;
        expect(workingMsBetween(calendar, from, to)).toBe(bruteForce(calendar, from, to, -1).count * MINUTE_MS);
      }),
      { numRuns: 60 },
    );
  });

  it('finds the instant at which a number of working minutes has passed', () => {
    fc.assert(
      fc.property(scenario(timeZone), fc.double({ min: 0, max: 1, noNaN: true }), ({ from, minutes, calendar }, share) => {
        const to = from + minutes * MINUTE_MS;
        const total = bruteForce(calendar, from, to, -1).count;
        const budget = Math.floor(total * share);
        expect(addWorkingMinutes(calendar, from, budget)).toBe(bruteForce(calendar, from, to, budget).reachedAt);
      }),
      { numRuns: 60 },
    );
  });

  it("reads a ticket's clock through holds, resolutions and reopenings", () => {
    fc.assert(
      fc.property(
        scenario(timeZone).chain((s) => fc.record({ s: fc.constant(s), history: historyFrom(s.from, s.minutes), budget: fc.integer({ min: 0, max: 1500 }) })),
        ({ s: { from, minutes, calendar }, history, budget }) => {
          const now = from + minutes * MINUTE_MS;
          const reference = bruteForce(calendar, from, now, budget, history);
          const reading = readSlaClock(calendar, history, budget * MINUTE_MS, now);
          expect(reading.elapsedMs).toBe(reference.count * MINUTE_MS);
          expect(elapsedWorkingMs(calendar, history, now)).toBe(reference.count * MINUTE_MS);
          expect(reading.breached).toBe(reference.count >= budget);
          if (reference.reachedAt !== null) {
            expect(reading.dueAt).toBe(reference.reachedAt);
          } else if (!runs(statusAt(history, now))) {
            expect(reading.dueAt).toBeNull();
          } else {
            // Still running with budget left: the due time is where the rest runs out from now.
            const beyond = bruteForce(calendar, now, now + 3 * DAY_MINUTES * MINUTE_MS, budget - reference.count).reachedAt;
            if (beyond !== null) expect(reading.dueAt).toBe(beyond);
            else expect(reading.dueAt === null || reading.dueAt > now + 3 * DAY_MINUTES * MINUTE_MS).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

// ------------------------------------------------------------------ worked examples

const hours = (h: number) => h * 60;
const sundayToThursday = (start: number, end: number): MinuteRange[][] => [0, 1, 2, 3, 4, 5, 6].map((d) => (d <= 4 ? [[start, end]] : []));
const riyadh: BusinessCalendar = { timeZone: 'Asia/Riyadh', week: sundayToThursday(hours(8), hours(17)), holidays: [] };

describe('worked examples', () => {
  it('in Riyadh, two hours from Thursday 16:00 fall due on Sunday 09:00 across the Friday and Saturday weekend', () => {
    // Thursday 3 December 2026, 16:00 in Riyadh (UTC+3).
    const thursday = Date.UTC(2026, 11, 3, 13, 0);
    expect(new Date(addWorkingMinutes(riyadh, thursday, 120)!).toISOString()).toBe('2026-12-06T06:00:00.000Z');
    expect(workingMinutesBetween(riyadh, thursday, Date.UTC(2026, 11, 6, 6, 0))).toBe(120);
    // A holiday on the Sunday moves it to Monday.
    const withHoliday = { ...riyadh, holidays: ['2026-12-06'] };
    expect(new Date(addWorkingMinutes(withHoliday, thursday, 120)!).toISOString()).toBe('2026-12-07T06:00:00.000Z');
  });

  it('a whole working week in Riyadh is five days of nine hours', () => {
    expect(workingMinutesBetween(riyadh, Date.UTC(2026, 10, 28), Date.UTC(2026, 11, 5))).toBe(5 * 9 * 60);
  });

  const london = (week: MinuteRange[][]): BusinessCalendar => ({ timeZone: 'Europe/London', week, holidays: [] });
  const everyDay = (r: MinuteRange) => [0, 1, 2, 3, 4, 5, 6].map(() => [r]);

  it('in London the Sunday the clocks go forward has 23 hours and the one they go back has 25', () => {
    const allDay = london(everyDay([0, DAY_MINUTES]));
    // 29 March 2026: midnight is GMT, the next midnight BST.
    expect(workingMinutesBetween(allDay, Date.UTC(2026, 2, 29, 0), Date.UTC(2026, 2, 29, 23))).toBe(23 * 60);
    // 25 October 2026: midnight is BST (23:00 UTC the day before), the next midnight GMT.
    expect(workingMinutesBetween(allDay, Date.UTC(2026, 9, 24, 23), Date.UTC(2026, 9, 26, 0))).toBe(25 * 60);
  });

  it('hours from 00:30 to 02:30 last one hour in spring and three in autumn', () => {
    const night = london(everyDay([30, 150]));
    expect(workingMinutesBetween(night, Date.UTC(2026, 2, 29, 0), Date.UTC(2026, 2, 29, 12))).toBe(60);
    expect(workingMinutesBetween(night, Date.UTC(2026, 9, 24, 23), Date.UTC(2026, 9, 25, 12))).toBe(180);
    // Thirty minutes from 00:59 GMT on the spring night: one minute before the jump, 29 after it (02:29 BST).
    expect(new Date(addWorkingMinutes(night, Date.UTC(2026, 2, 29, 0, 59), 30)!).toISOString()).toBe('2026-03-29T01:29:00.000Z');
  });

  it('a nine-to-five day in London is eight hours either side of the change', () => {
    const office = london(everyDay([hours(9), hours(17)]));
    expect(workingMinutesBetween(office, Date.UTC(2026, 2, 28), Date.UTC(2026, 2, 31))).toBe(3 * 8 * 60);
    // 09:00 BST on Monday 30 March is 08:00 UTC.
    expect(new Date(addWorkingMinutes(office, Date.UTC(2026, 2, 29, 17), 60)!).toISOString()).toBe('2026-03-30T09:00:00.000Z');
  });

  it('a calendar with no working hours never falls due', () => {
    expect(addWorkingMs({ timeZone: 'Asia/Riyadh', week: [[], [], [], [], [], [], []], holidays: [] }, 0, 1)).toBeNull();
  });

  it('the clock pauses on hold, stops when resolved and resumes when reopened', () => {
    // Sunday 6 December 2026 in Riyadh: created 08:00, on hold 09:00-11:00, working to 12:00,
    // resolved 12:00, reopened (on hold) at 14:00 and in progress again at 15:00.
    const at = (h: number) => Date.UTC(2026, 11, 6, h - 3);
    const history: StatusChange[] = [
      { status: 'NEW', at: at(8) },
      { status: 'ON_HOLD', at: at(9) },
      { status: 'IN_PROGRESS', at: at(11) },
      { status: 'RESOLVED', at: at(12) },
      { status: 'ON_HOLD', at: at(14) },
      { status: 'IN_PROGRESS', at: at(15) },
    ];
    const reading = readSlaClock(riyadh, history, 4 * 60 * MINUTE_MS, at(16));
    expect(reading.elapsedMs).toBe(3 * 60 * MINUTE_MS);
    expect(reading.running).toBe(true);
    expect(new Date(reading.dueAt!).toISOString()).toBe(new Date(at(17)).toISOString());
    expect(readSlaClock(riyadh, history.slice(0, 4), 4 * 60 * MINUTE_MS, at(16)).dueAt).toBeNull();
  });
});
