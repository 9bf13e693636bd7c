// A calendar day of the reports ("2025-03-09") written for people ("9 Mar 2025", "9 Mar"); the
// day is already in the business's zone, so it is formatted as is, in UTC.
import type { Language } from '../../lib/i18n/language.ts';
import { dateTimeFormat } from '../../lib/intl.ts';

const locale = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en');

export function formatDay(day: string, language: Language, withYear = true): string {
  return dateTimeFormat(locale(language), {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
