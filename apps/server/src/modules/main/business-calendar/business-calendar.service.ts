// The business calendar (DESIGN §13): working hours per weekday in the business's time zone and
// its holidays, the public holidays of its country (each of which an administrator may turn off)
// and days of its own. The SLA clock, holiday-skipping plans and working days in reports read it
// through `businessCalendarOf`.
import type { BusinessCalendar } from '@fieldops/shared/business-calendar';
import type { Holiday, OwnHolidayRequest, WorkingHours, WorkingWeek } from '@fieldops/shared/business-calendar-api';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import type { PublicHolidayDay } from '../../../db/schema-calendar.ts';
import { changedFields } from '../../../lib/audit-changes.ts';
import { conflict, fieldError, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import {
  deleteOwnHoliday,
  deletePublicOff,
  findBusinessHolidays,
  findCalendarRow,
  findPublicYear,
  insertBusinessHoliday,
  keepPublicYear,
  upsertCalendarRow,
} from './business-calendar.repository.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { sendJob } from '../../platform/queue/queue.ts';
import { countryOfTimeZone, knowsCountry, publicHolidayDaysOf } from './public-holidays.ts';

/** Zones of countries the holiday data set lacks, so that their businesses still get their week. */
const MORE_ZONES: Record<string, string> = { 'Asia/Qatar': 'QA', 'Asia/Kuwait': 'KW', 'Asia/Muscat': 'OM', 'Asia/Amman': 'JO', 'Asia/Baghdad': 'IQ' };

/**
 * Countries whose working week runs Sunday to Thursday (a Friday and Saturday weekend): Saudi
 * Arabia, Kuwait, Qatar, Bahrain, Oman, and Egypt, Jordan and Iraq. Their businesses start with
 * Sunday to Thursday 08:00-17:00. Every other business, the Emirates among them (whose weekend
 * moved to Saturday and Sunday in 2022), starts with Monday to Friday 09:00-17:00. An
 * administrator changes either on the working hours page.
 */
const SUNDAY_TO_THURSDAY = new Set(['SA', 'KW', 'QA', 'BH', 'OM', 'EG', 'JO', 'IQ']);

const hours = (h: number) => h * 60;

export function defaultWeek(countryCode: string | null): WorkingWeek {
  const gulf = countryCode !== null && SUNDAY_TO_THURSDAY.has(countryCode);
  const working = gulf ? [0, 1, 2, 3, 4] : [1, 2, 3, 4, 5];
  const period = gulf ? { start: hours(8), end: hours(17) } : { start: hours(9), end: hours(17) };
  return [0, 1, 2, 3, 4, 5, 6].map((day) => (working.includes(day) ? [period] : []));
}

export const defaultCountryOf = async (timeZone: string): Promise<string | null> => (await countryOfTimeZone(timeZone)) ?? MORE_ZONES[timeZone] ?? null;

export async function workingHoursOf(db: Db, businessId: number, timeZone: string): Promise<WorkingHours> {
  const row = await findCalendarRow(db, businessId);
  if (row) return { timeZone, countryCode: row.countryCode, week: row.week, isDefault: false };
  const countryCode = await defaultCountryOf(timeZone);
  return { timeZone, countryCode, week: defaultWeek(countryCode), isDefault: true };
}

export async function saveWorkingHours(db: Db, caller: Caller, timeZone: string, body: { countryCode: string | null; week: WorkingWeek }) {
  const { businessId } = caller;
  if (body.countryCode !== null && !(await knowsCountry(body.countryCode)) && !Object.values(MORE_ZONES).includes(body.countryCode)) {
    throw fieldError('countryCode', MSG.countryInvalid);
  }
  // Kept sorted, so every reader sees a day's periods in order.
  const week = body.week.map((day) => [...day].sort((a, b) => a.start - b.start));
  const before = await findCalendarRow(db, businessId);
  await db.transaction(async (tx) => {
    await upsertCalendarRow(tx, businessId, { countryCode: body.countryCode, week });
    await calendarChanged(
      tx,
      caller,
      changedFields({ countryCode: before?.countryCode ?? null, week: before?.week ?? null }, { countryCode: body.countryCode, week }) ?? {
        before: {},
        after: {},
      },
    );
  });
  return workingHoursOf(db, businessId, timeZone);
}

/**
 * Tells what keeps instants worked out from the calendar stored that it changed, in the change's
 * transaction: the SLA due times of the business's open tickets are recomputed by the
 * `sla.recompute` job (helpdesk/sla-policies/sla-recompute.ts; one waiting job a business). The
 * job is named here rather than called, since the helpdesk reads this module and not the reverse.
 */
async function calendarChanged(db: Db, caller: Caller, change: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null }) {
  const { businessId } = caller;
  await sendJob(db, 'sla.recompute', { businessId }, { singletonKey: `b${businessId}` });
  // The audit log's entry of the change: what the calendar held before and after.
  await recordEvent(db, {
    businessId,
    kind: 'business.calendar_updated',
    actorId: caller.userId,
    data: { target: { type: 'business_calendar', id: businessId }, ...change },
  });
}

/** The country's public holidays of the year, worked out the first time and kept. */
async function publicDays(db: Db, countryCode: string | null, year: number): Promise<PublicHolidayDay[]> {
  if (countryCode === null) return [];
  return (await findPublicYear(db, countryCode, year)) ?? keepPublicYear(db, countryCode, year, await publicHolidayDaysOf(countryCode, year));
}

async function countryOf(db: Db, businessId: number, timeZone: string) {
  return (await workingHoursOf(db, businessId, timeZone)).countryCode;
}

/** The year's holidays by date: public ones (observed unless turned off) and the business's own. */
export async function holidaysOf(db: Db, businessId: number, timeZone: string, year: number): Promise<Holiday[]> {
  const countryCode = await countryOf(db, businessId, timeZone);
  const [days, rows] = await Promise.all([publicDays(db, countryCode, year), findBusinessHolidays(db, businessId, `${year}-01-01`, `${year}-12-31`)]);
  const off = new Set(rows.filter((r) => r.kind === 'PUBLIC_OFF').map((r) => r.date));
  const list: Holiday[] = [
    ...days.map((d): Holiday => ({ id: null, date: d.date, nameEn: d.nameEn, nameAr: d.nameAr, source: 'PUBLIC', observed: !off.has(d.date) })),
    ...rows
      .filter((r) => r.kind === 'OWN')
      .map((r): Holiday => ({ id: r.id, date: r.date, nameEn: r.nameEn ?? '', nameAr: r.nameAr ?? '', source: 'OWN', observed: true })),
  ];
  return list.sort((a, b) => a.date.localeCompare(b.date) || a.source.localeCompare(b.source));
}

export async function addOwnHoliday(db: Db, caller: Caller, body: Required<OwnHolidayRequest>): Promise<Holiday> {
  const { businessId } = caller;
  const row = await db.transaction(async (tx) => {
    const made = await insertBusinessHoliday(tx, businessId, { date: body.date, kind: 'OWN', nameEn: body.nameEn, nameAr: body.nameAr });
    if (made) await calendarChanged(tx, caller, { after: { holiday: { date: body.date, nameEn: body.nameEn, nameAr: body.nameAr } } });
    return made;
  });
  if (!row) throw conflict(MSG.holidayExists, [{ field: 'date', message: MSG.holidayExists }]);
  return { id: row.id, date: row.date, nameEn: row.nameEn ?? '', nameAr: row.nameAr ?? '', source: 'OWN', observed: true };
}

export async function removeOwnHoliday(db: Db, caller: Caller, id: number) {
  const { businessId } = caller;
  const removed = await db.transaction(async (tx) => {
    const done = await deleteOwnHoliday(tx, businessId, id);
    if (done) await calendarChanged(tx, caller, { before: { holiday: { date: done.date, nameEn: done.nameEn, nameAr: done.nameAr } } });
    return done;
  });
  if (!removed) throw notFound(MSG.holidayNotFound);
}

/** Keeps or stops keeping the public holiday on a date; the date must be one of the country's that year. */
export async function setPublicHolidayObserved(db: Db, caller: Caller, timeZone: string, date: string, observed: boolean): Promise<Holiday> {
  const { businessId } = caller;
  const countryCode = await countryOf(db, businessId, timeZone);
  const day = (await publicDays(db, countryCode, Number(date.slice(0, 4)))).find((d) => d.date === date);
  if (!day) throw notFound(MSG.publicHolidayNotFound);
  await db.transaction(async (tx) => {
    if (observed) await deletePublicOff(tx, businessId, date);
    else await insertBusinessHoliday(tx, businessId, { date, kind: 'PUBLIC_OFF' });
    await calendarChanged(tx, caller, {
      before: { publicHoliday: { date, nameEn: day.nameEn, observed: !observed } },
      after: { publicHoliday: { date, nameEn: day.nameEn, observed } },
    });
  });
  return { id: null, date, nameEn: day.nameEn, nameAr: day.nameAr, source: 'PUBLIC', observed };
}

/**
 * The business's calendar for the shared clock (business-calendar.ts), with the holidays it keeps
 * from the first day of `fromYear` to the last of `toYear`.
 */
export async function businessCalendarOf(db: Db, businessId: number, timeZone: string, fromYear: number, toYear: number): Promise<BusinessCalendar> {
  const { week } = await workingHoursOf(db, businessId, timeZone);
  const holidays: string[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    for (const h of await holidaysOf(db, businessId, timeZone, year)) if (h.observed) holidays.push(h.date);
  }
  return { timeZone, week: week.map((day) => day.map((p) => [p.start, p.end] as const)), holidays };
}

/** The days from `from` to `to` (local dates, both included) that the business keeps as holidays. */
export async function holidayDatesBetween(db: Db, businessId: number, timeZone: string, from: string, to: string): Promise<string[]> {
  const dates: string[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of await holidaysOf(db, businessId, timeZone, year)) if (h.observed && h.date >= from && h.date <= to) dates.push(h.date);
  }
  return dates;
}
