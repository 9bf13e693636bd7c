import { describe, expect, it } from 'vitest';
import { scheduleTimeWords } from './schedule-time.ts';

describe('scheduleTimeWords', () => {
  it("words a start on the business's clock, in each language", () => {
    expect(scheduleTimeWords('en', '2026-12-05T05:00:00Z', 'Asia/Riyadh')).toBe('Saturday 5 December at 08:00');
    expect(scheduleTimeWords('ar', '2026-12-05T05:00:00Z', 'Asia/Riyadh')).toBe('السبت، 5 ديسمبر في 08:00');
    // The same instant is the day before in Los Angeles.
    expect(scheduleTimeWords('en', '2026-12-05T05:00:00Z', 'America/Los_Angeles')).toBe('Friday 4 December at 21:00');
  });

  it('gives nothing for a missing or broken instant or zone', () => {
    expect(scheduleTimeWords('en', undefined, 'Asia/Riyadh')).toBe('');
    expect(scheduleTimeWords('en', 'not a date', 'Asia/Riyadh')).toBe('');
    expect(scheduleTimeWords('en', '2026-12-05T05:00:00Z', 'Mars/Olympus')).toBe('');
    expect(scheduleTimeWords('ar', '2026-12-05T05:00:00Z', 42)).toBe('');
  });
});
