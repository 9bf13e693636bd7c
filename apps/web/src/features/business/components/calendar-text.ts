// Words and times of the business calendar page: weekday names, dates of a holiday and country
// names in the reader's language with Latin digits, and a period's minutes as the "HH:MM" of a
// time input (the midnight that ends a day, 1440, is written 00:00 as people do).
import type { Language } from '../../../lib/i18n/language.ts';
import { dateTimeFormat } from '../../../lib/intl.ts';

const locale = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en-GB');
/** 29 November 2026 was a Sunday: the week's days from it, Sunday first as the server counts them. */
const A_SUNDAY = Date.UTC(2026, 10, 29);

export function weekdayName(day: number, language: Language): string {
  return dateTimeFormat(locale(language), { weekday: 'long', timeZone: 'UTC' }).format(new Date(A_SUNDAY + day * 86_400_000));
}

/** A holiday's date (YYYY-MM-DD, a day of the business's calendar) with its weekday. */
export function holidayDate(date: string, language: Language): string {
  return dateTimeFormat(locale(language), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export function countryName(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

export const timeOfMinutes = (minutes: number): string => `${pad(Math.floor((minutes % 1440) / 60))}:${pad(minutes % 60)}`;

/** Minutes of the day of an "HH:MM"; an end at 00:00 is the midnight that ends the day. NaN when it is none. */
export function minutesOfTime(value: string, isEnd: boolean): number {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return Number.NaN;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return isEnd && minutes === 0 ? 1440 : minutes;
}

/**
 * Countries offered for public holidays: the Gulf, the Arab world and a few more. Qatar, Kuwait
 * and Oman are offered for their working week although the holiday data set has no days for them.
 */
export const CALENDAR_COUNTRIES = ['SA', 'AE', 'EG', 'QA', 'KW', 'BH', 'OM', 'JO', 'MA', 'TN', 'DZ', 'LB', 'TR', 'PK', 'IN', 'GB', 'IE', 'US', 'DE', 'FR'];
