import { describe, expect, it } from 'vitest';
import { SHIFT_TIMES, formatShiftTime } from './shift-hours.ts';

describe('shift hours', () => {
  it('run on the hour from 6:00 AM to 12:00 AM', () => {
    expect(SHIFT_TIMES[0]).toBe('06:00');
    expect(SHIFT_TIMES.at(-1)).toBe('24:00');
    expect(SHIFT_TIMES).toHaveLength(19);
    expect(formatShiftTime('06:00', 'en')).toBe('6:00 AM');
    expect(formatShiftTime('24:00', 'en')).toBe('12:00 AM');
    expect(formatShiftTime('13:00', 'ar')).toMatch(/^1:00\s?م$/);
  });
});
