// The business calendar's calls (/api/v1/business-calendar/…): working hours per weekday,
// the year's holidays (the country's public ones, each of which can be turned off, and the
// business's own days). The arithmetic on a calendar is business-calendar.ts.
import { z } from 'zod';
import { requiredText } from './common.ts';
import { MSG } from './messages.ts';

const MINUTES_A_DAY = 1440;

/** A working period of a local day in minutes from midnight, [start, end); 1440 is the midnight that ends the day. */
export const workingPeriod = z.object({
  start: z
    .number({ error: MSG.required })
    .int(MSG.invalid)
    .min(0, MSG.invalid)
    .max(MINUTES_A_DAY - 1, MSG.invalid),
  end: z.number({ error: MSG.required }).int(MSG.invalid).min(1, MSG.invalid).max(MINUTES_A_DAY, MSG.invalid),
});
export type WorkingPeriod = z.infer<typeof workingPeriod>;

/** At most this many periods a day (a split shift needs two, a few more leave room). */
export const MAX_PERIODS_A_DAY = 4;

/** One day's periods: each ends after it starts, and they do not overlap. */
const dayPeriods = z
  .array(workingPeriod)
  .max(MAX_PERIODS_A_DAY)
  .superRefine((periods, ctx) => {
    periods.forEach((p, i) => {
      if (p.end <= p.start) ctx.addIssue({ code: 'custom', path: [i, 'end'], message: MSG.workingHoursOrder });
    });
    const sorted = periods.map((p, i) => ({ ...p, i })).sort((a, b) => a.start - b.start);
    for (let k = 1; k < sorted.length; k++) {
      const [before, after] = [sorted[k - 1]!, sorted[k]!];
      if (after.start < before.end) ctx.addIssue({ code: 'custom', path: [after.i, 'start'], message: MSG.workingHoursOverlap });
    }
  });

/** The week, Sunday first (index 0 Sunday … 6 Saturday); a day off has no periods. */
export const workingWeek = z.array(dayPeriods).length(7, MSG.invalid);
export type WorkingWeek = z.infer<typeof workingWeek>;

/** An ISO 3166-1 alpha-2 country code such as SA; its public holidays come from a maintained data set. */
export const calendarCountry = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, MSG.countryInvalid);

export const workingHours = z.object({
  /** The business's time zone (its profile's), in which the hours are read. */
  timeZone: z.string(),
  /** Whose public holidays apply; null when none do. */
  countryCode: z.string().nullable(),
  week: workingWeek,
  /** Whether these are the defaults, never saved by an administrator. */
  isDefault: z.boolean(),
});
export type WorkingHours = z.infer<typeof workingHours>;

export const workingHoursRequest = z.object({
  countryCode: calendarCountry.nullable(),
  week: workingWeek,
});
export type WorkingHoursRequest = z.input<typeof workingHoursRequest>;

export const MIN_CALENDAR_YEAR = 2000;
export const MAX_CALENDAR_YEAR = 2100;

/** A local date, YYYY-MM-DD, that is a real day of a year the calendar keeps (MIN_CALENDAR_YEAR to MAX_CALENDAR_YEAR). */
export const localDate = z
  .string({ error: MSG.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), MSG.invalid)
  .refine((v) => Number(v.slice(0, 4)) >= MIN_CALENDAR_YEAR && Number(v.slice(0, 4)) <= MAX_CALENDAR_YEAR, MSG.invalid);
export const holidayYearQuery = z.object({
  year: z.coerce.number({ error: MSG.required }).int(MSG.invalid).min(MIN_CALENDAR_YEAR, MSG.invalid).max(MAX_CALENDAR_YEAR, MSG.invalid),
});

export const HOLIDAY_SOURCES = ['PUBLIC', 'OWN'] as const;
export type HolidaySource = (typeof HOLIDAY_SOURCES)[number];

export const holiday = z.object({
  /** The business's own day's id; null for a public holiday. */
  id: z.number().nullable(),
  date: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  source: z.enum(HOLIDAY_SOURCES),
  /** A public holiday an administrator turned off is listed, not observed. */
  observed: z.boolean(),
});
export type Holiday = z.infer<typeof holiday>;

export const ownHolidayRequest = z.object({
  date: localDate,
  nameEn: requiredText(100),
  nameAr: requiredText(100),
});
export type OwnHolidayRequest = z.input<typeof ownHolidayRequest>;

export const publicHolidayParams = z.object({ date: localDate });
export const publicHolidayRequest = z.object({ observed: z.boolean({ error: MSG.required }) });
