// The business calendar (modules/main/business-calendar): a business's working hours and its
// holidays, and the public holidays of a country for a year, worked out once from the holiday
// data set and kept here so that every instance reads the same days.
import { date, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WorkingWeek } from '@fieldops/shared/business-calendar-api';
import { createdAt, id, ref } from './columns.ts';
import { businesses } from './schema.ts';

/** A business's working hours and whose public holidays it keeps; without a row, the defaults. */
export const businessCalendars = pgTable('business_calendars', {
  businessId: ref('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** ISO 3166-1 alpha-2; null keeps no public holidays. */
  countryCode: text('country_code'),
  /** Working periods per weekday, Sunday first, in minutes of the local day. */
  week: jsonb('week').$type<WorkingWeek>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A country's public holidays of a year, one entry a day, as the data set gave them when first asked. */
export interface PublicHolidayDay {
  date: string;
  nameEn: string;
  nameAr: string;
}

export const publicHolidayYears = pgTable(
  'public_holiday_years',
  {
    countryCode: text('country_code').notNull(),
    year: integer('year').notNull(),
    days: jsonb('days').$type<PublicHolidayDay[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.year] })],
);

/**
 * A business's own day off (OWN, with its names), or a public holiday it does not keep
 * (PUBLIC_OFF, on that holiday's date).
 */
export const businessHolidays = pgTable(
  'business_holidays',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['OWN', 'PUBLIC_OFF'] }).notNull(),
    nameEn: text('name_en'),
    nameAr: text('name_ar'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('business_holidays_business_date_kind_key').on(t.businessId, t.date, t.kind)],
);
