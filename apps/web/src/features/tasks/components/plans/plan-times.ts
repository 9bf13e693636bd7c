// The times a plan's occurrence can start and end: 6:00 AM to 12:00 AM (midnight, "24:00") on
// the quarter hour, as the shared contract accepts them, labelled in the current language.
import { SHIFT_END_HOUR, SHIFT_START_HOUR } from '@fieldops/shared/limits';
import type { Language } from '../../../../lib/i18n/language.ts';
import { formatShiftTime } from '../../../../lib/shift-hours.ts';

const QUARTERS = [0, 15, 30, 45];
const time = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/** "06:00", "06:15", … "23:45", "24:00". */
export const PLAN_TIMES: readonly string[] = [
  ...Array.from({ length: SHIFT_END_HOUR - SHIFT_START_HOUR }, (_, index) => QUARTERS.map((minute) => time(SHIFT_START_HOUR + index, minute))).flat(),
  time(SHIFT_END_HOUR, 0),
];

export function timeOptions(language: Language, role: 'start' | 'end') {
  // A start cannot be midnight at the end of the day, and an end cannot be the first time.
  const times = role === 'start' ? PLAN_TIMES.slice(0, -1) : PLAN_TIMES.slice(1);
  return times.map((value) => ({ value, label: formatShiftTime(value, language) }));
}
