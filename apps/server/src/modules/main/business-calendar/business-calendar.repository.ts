// Queries of the business calendar, always scoped by business; a country's public holidays of a
// year are shared reference data, kept once.
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { WorkingWeek } from '@fieldops/shared/business-calendar-api';
import type { Db } from '../../../db/client.ts';
import { businessCalendars, businessHolidays, publicHolidayYears, type PublicHolidayDay } from '../../../db/schema-calendar.ts';

export async function findCalendarRow(db: Db, businessId: number) {
  const [row] = await db
    .select({ countryCode: businessCalendars.countryCode, week: businessCalendars.week })
    .from(businessCalendars)
    .where(eq(businessCalendars.businessId, businessId));
  return row ?? null;
}

export async function upsertCalendarRow(db: Db, businessId: number, values: { countryCode: string | null; week: WorkingWeek }) {
  await db
    .insert(businessCalendars)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: businessCalendars.businessId, set: { ...values, updatedAt: new Date() } });
}

/** The kept public holidays of a country's year, or null when the year was never asked for. */
export async function findPublicYear(db: Db, countryCode: string, year: number): Promise<PublicHolidayDay[] | null> {
  const [row] = await db
    .select({ days: publicHolidayYears.days })
    .from(publicHolidayYears)
    .where(and(eq(publicHolidayYears.countryCode, countryCode), eq(publicHolidayYears.year, year)));
  return row?.days ?? null;
}

/** Keeps a year's days unless another request kept them first; either way answers with what is kept. */
export async function keepPublicYear(db: Db, countryCode: string, year: number, days: PublicHolidayDay[]): Promise<PublicHolidayDay[]> {
  await db.insert(publicHolidayYears).values({ countryCode, year, days }).onConflictDoNothing();
  return (await findPublicYear(db, countryCode, year)) ?? days;
}

const holidayColumns = {
  id: businessHolidays.id,
  date: businessHolidays.date,
  kind: businessHolidays.kind,
  nameEn: businessHolidays.nameEn,
  nameAr: businessHolidays.nameAr,
};

/** The business's own days and the public holidays it does not keep, between two dates inclusive. */
export async function findBusinessHolidays(db: Db, businessId: number, from: string, to: string) {
  return db
    .select(holidayColumns)
    .from(businessHolidays)
    .where(and(eq(businessHolidays.businessId, businessId), gte(businessHolidays.date, from), lte(businessHolidays.date, to)))
    .orderBy(asc(businessHolidays.date), asc(businessHolidays.id));
}

/** Inserts the row unless the business has one of that kind on that date; null when it had. */
export async function insertBusinessHoliday(
  db: Db,
  businessId: number,
  values: { date: string; kind: 'OWN' | 'PUBLIC_OFF'; nameEn?: string; nameAr?: string },
) {
  const [row] = await db
    .insert(businessHolidays)
    .values({ businessId, ...values })
    .onConflictDoNothing()
    .returning(holidayColumns);
  return row ?? null;
}

export async function deleteOwnHoliday(db: Db, businessId: number, id: number) {
  const rows = await db
    .delete(businessHolidays)
    .where(and(eq(businessHolidays.businessId, businessId), eq(businessHolidays.id, id), eq(businessHolidays.kind, 'OWN')))
    .returning({ id: businessHolidays.id, date: businessHolidays.date, nameEn: businessHolidays.nameEn, nameAr: businessHolidays.nameAr });
  return rows[0] ?? null;
}

export async function deletePublicOff(db: Db, businessId: number, date: string) {
  await db
    .delete(businessHolidays)
    .where(and(eq(businessHolidays.businessId, businessId), eq(businessHolidays.date, date), eq(businessHolidays.kind, 'PUBLIC_OFF')));
}
