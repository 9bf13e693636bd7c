// Dates and times for people: a formatted date and time, and "3 hours ago" style relative
// times, in the current language with Latin digits (as the numbers elsewhere in the app).
import type { Language } from './i18n/language.ts';
import { dateTimeFormat } from './intl.ts';

const locale = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');

export function formatDateTime(value: string | Date, language: Language): string {
  return dateTimeFormat(locale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

export function formatDate(value: string | Date, language: Language): string {
  return dateTimeFormat(locale(language), { dateStyle: 'medium' }).format(new Date(value));
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "now"; past a month the formatted date reads better. */
export function formatRelativeTime(value: string | Date, language: Language, now: Date = new Date()): string {
  const seconds = Math.round((new Date(value).getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale(language), { numeric: 'auto' });
  if (Math.abs(seconds) >= 30 * 24 * 3600) return formatDate(value, language);
  for (const [unit, length] of UNITS) {
    if (Math.abs(seconds) >= length) return format.format(Math.trunc(seconds / length), unit);
  }
  return format.format(0, 'second');
}
