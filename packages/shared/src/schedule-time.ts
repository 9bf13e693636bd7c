// When a schedule starts, in words a notification can carry: its weekday, date and time on the
// business's clock, in the reader's language with Western digits ("Saturday 5 December at 08:00",
// «السبت، 5 ديسمبر في 08:00»). The e-mail, the push and the bell word it the same way.
import type { Language } from './notifications.ts';

/** The start in words, or '' when the instant or the zone is missing or not one. */
export function scheduleTimeWords(language: Language, start: unknown, timeZone: unknown): string {
  if (typeof start !== 'string' || typeof timeZone !== 'string' || start === '' || timeZone === '') return '';
  const at = new Date(start);
  if (Number.isNaN(at.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  } catch {
    return '';
  }
}
