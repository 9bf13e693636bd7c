// Shift hours run from 6:00 AM to 12:00 AM (midnight), on the hour (spec §5, §9). Times are
// "HH:mm" with midnight at the end of the day written "24:00".
import { SHIFT_END_HOUR, SHIFT_START_HOUR } from '@fieldops/shared/limits';
import type { Language } from './i18n/language.ts';
import { dateTimeFormat } from './intl.ts';

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Every selectable shift time, "06:00" to "24:00". */
export const SHIFT_TIMES: readonly string[] = Array.from({ length: SHIFT_END_HOUR - SHIFT_START_HOUR + 1 }, (_, index) => pad(SHIFT_START_HOUR + index));

/** "06:00" → "6:00 AM" (or "6:00 ص"); "24:00" → "12:00 AM". */
export function formatShiftTime(time: string, language: Language): string {
  const [hours, minutes] = time.split(':').map(Number);
  const date = new Date(2000, 0, 1, (hours ?? 0) % 24, minutes ?? 0);
  return dateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en', { hour: 'numeric', minute: '2-digit', hour12: true }).format(date);
}
