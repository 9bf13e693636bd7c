import { describe, expect, it } from 'vitest';
import { addDays, formatZonedTime, formatZonedWindow, safeTimeZone, zonedDay } from './business-time.ts';

describe('business time', () => {
  it('reads the calendar day in the business zone, not the device zone', () => {
    // 22:30 UTC on 4 January is already 5 January in Riyadh (UTC+3) and still 4 January in New York.
    const instant = '2025-01-04T22:30:00.000Z';
    expect(zonedDay(instant, 'Asia/Riyadh')).toBe('2025-01-05');
    expect(zonedDay(instant, 'America/New_York')).toBe('2025-01-04');
  });

  it('formats times in the zone, with Latin digits in Arabic', () => {
    expect(formatZonedTime('2025-01-05T05:00:00.000Z', 'Asia/Riyadh', 'en')).toBe('8:00 AM');
    expect(formatZonedTime('2025-01-05T05:00:00.000Z', 'UTC', 'en')).toBe('5:00 AM');
    expect(formatZonedTime('2025-01-05T05:00:00.000Z', 'Asia/Riyadh', 'ar')).toMatch(/^8:00/);
  });

  it('writes a window within one day once, and both ends when it crosses midnight', () => {
    expect(formatZonedWindow('2025-01-05T05:00:00.000Z', '2025-01-05T14:00:00.000Z', 'Asia/Riyadh', 'en')).toBe('Sun, Jan 5, 2025 · 8:00 AM – 5:00 PM');
    // A shift from 6:00 AM to midnight (24:00) is one day's shift.
    expect(formatZonedWindow('2025-01-05T03:00:00.000Z', '2025-01-05T21:00:00.000Z', 'Asia/Riyadh', 'en')).toBe('Sun, Jan 5, 2025 · 6:00 AM – 12:00 AM');
    expect(formatZonedWindow('2025-01-05T19:00:00.000Z', '2025-01-05T22:00:00.000Z', 'Asia/Riyadh', 'en')).toBe('Jan 5, 2025, 10:00 PM – Jan 6, 2025, 1:00 AM');
  });

  it('moves calendar days across months, years and the daylight-saving change', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2025-01-01', -30)).toBe('2024-12-02');
    expect(addDays('2025-03-30', 1)).toBe('2025-03-31');
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(safeTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
  });
});
