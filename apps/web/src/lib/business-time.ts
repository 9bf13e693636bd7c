// Instants shown in the business's time zone (DESIGN §3: schedule dates and times are computed
// in it), whatever zone the device is in, and calendar days of that zone for date filters.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n/i18n.ts';
import { dateTimeFormat, isKnownTimeZone } from './intl.ts';
import type { Language } from './i18n/language.ts';
import { useSession } from './session/session-context.ts';

const locale = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');

/** The zone itself when the runtime knows it, else UTC (an unknown zone would throw). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isKnownTimeZone(timeZone) ? timeZone : 'UTC';
}

function format(value: string | Date, timeZone: string, language: Language, options: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(locale(language), { ...options, timeZone: safeTimeZone(timeZone) }).format(new Date(value));
}

export const formatZonedDateTime = (value: string | Date, timeZone: string, language: Language) =>
  format(value, timeZone, language, { dateStyle: 'medium', timeStyle: 'short' });

export const formatZonedDate = (value: string | Date, timeZone: string, language: Language) =>
  format(value, timeZone, language, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

export const formatZonedTime = (value: string | Date, timeZone: string, language: Language) => format(value, timeZone, language, { timeStyle: 'short' });

/** The calendar day ("2025-03-30") of an instant in the zone. */
export function zonedDay(value: string | Date, timeZone: string): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone: safeTimeZone(timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(value));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar day moved by whole days ("2025-03-01" - 1 = "2025-02-28"); no zone involved. */
export function addDays(day: string, days: number): string {
  const [year = NaN, month = NaN, date = NaN] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * "Sun, 5 Jan 2025 · 8:00 AM – 5:00 PM" for a window within one day of the zone (a shift that
 * ends at midnight ends that day); both ends in full when it runs into another day.
 */
export function formatZonedWindow(start: string, end: string, timeZone: string, language: Language): string {
  const lastMoment = new Date(Date.parse(end) - 1);
  if (Date.parse(end) > Date.parse(start) && zonedDay(start, timeZone) === zonedDay(lastMoment, timeZone)) {
    return `${formatZonedDate(start, timeZone, language)} · ${formatZonedTime(start, timeZone, language)} – ${formatZonedTime(end, timeZone, language)}`;
  }
  return `${formatZonedDateTime(start, timeZone, language)} – ${formatZonedDateTime(end, timeZone, language)}`;
}

export interface BusinessTime {
  timeZone: string;
  dateTime: (value: string | Date) => string;
  date: (value: string | Date) => string;
  time: (value: string | Date) => string;
  window: (start: string, end: string) => string;
  /** Today's calendar day in the business's zone. */
  today: () => string;
}

/** Formatters bound to the signed-in business's zone and the current language. */
export function useBusinessTime(): BusinessTime {
  const { business } = useSession();
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const timeZone = safeTimeZone(business.timeZone);
  return useMemo(
    () => ({
      timeZone,
      dateTime: (value) => formatZonedDateTime(value, timeZone, language),
      date: (value) => formatZonedDate(value, timeZone, language),
      time: (value) => formatZonedTime(value, timeZone, language),
      window: (start, end) => formatZonedWindow(start, end, timeZone, language),
      today: () => zonedDay(new Date(), timeZone),
    }),
    [timeZone, language],
  );
}
