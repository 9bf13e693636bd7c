// An execution plan in words for the plan list: dates, hours, weekdays and months named in the
// current language (through Intl), the deadline and the duration with their units.
import type { DeadlineUnit } from '@fieldops/shared/enums';
import type { ExecutionPlan } from '@fieldops/shared/plans';
import type { Language } from '../../../../lib/i18n/language.ts';
import { formatShiftTime } from '../../../../lib/shift-hours.ts';

const locale = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');

/** 1 January 2023 was a Sunday: weekday d (0 = Sun) is that date plus d days. */
const weekdayDate = (day: number) => new Date(Date.UTC(2023, 0, 1 + day));
const monthDate = (month: number) => new Date(Date.UTC(2023, month - 1, 1));

export function weekdayName(day: number, language: Language, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(locale(language), { weekday: width, timeZone: 'UTC' }).format(weekdayDate(day));
}

export function monthName(month: number, language: Language, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(locale(language), { month: width, timeZone: 'UTC' }).format(monthDate(month));
}

const list = (items: string[], language: Language) => new Intl.ListFormat(locale(language), { type: 'conjunction', style: 'narrow' }).format(items);

/** "Sun, Tue and Thu" in the order of the week. */
export const daysText = (days: readonly number[], language: Language) =>
  list(
    [...days].sort((a, b) => a - b).map((day) => weekdayName(day, language)),
    language,
  );

/** "Jan, Jun and Dec" in the order of the year. */
export const monthsText = (months: readonly number[], language: Language) =>
  list(
    [...months].sort((a, b) => a - b).map((month) => monthName(month, language)),
    language,
  );

/** A calendar date ("2025-03-14") in the current language; it carries no time zone. */
export function planDate(value: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
}

/** "14 Mar 2025 – 30 Apr 2025", or the one date of a plan that runs once. */
export function planDates(plan: Pick<ExecutionPlan, 'scheduleType' | 'startDate' | 'endDate'>, language: Language): string {
  const start = planDate(plan.startDate, language);
  if (plan.scheduleType === 'ONCE' || !plan.endDate || plan.endDate === plan.startDate) return start;
  return `${start} – ${planDate(plan.endDate, language)}`;
}

export const planHours = (plan: Pick<ExecutionPlan, 'startTime' | 'endTime'>, language: Language) =>
  `${formatShiftTime(plan.startTime, language)} – ${formatShiftTime(plan.endTime, language)}`;

const UNITS: Record<DeadlineUnit, 'minute' | 'hour' | 'day' | 'month'> = {
  MINUTES: 'minute',
  HOURS: 'hour',
  DAYS: 'day',
  MONTHS: 'month',
};

/** "2 hours", "1 day": Intl chooses the plural form of each language. */
export function amountText(value: number, unit: DeadlineUnit, language: Language): string {
  return new Intl.NumberFormat(locale(language), { style: 'unit', unit: UNITS[unit], unitDisplay: 'long' }).format(value);
}
