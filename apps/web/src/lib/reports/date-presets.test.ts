import { afterEach, describe, expect, it, vi } from 'vitest';
import { zonedDay } from '../business-time.ts';
import { DATE_PRESETS, presetRange, toDatePreset } from './date-presets.ts';

afterEach(() => vi.useRealTimers());

describe('date presets', () => {
  it('are whole calendar days ending today, both ends inclusive', () => {
    const today = '2025-03-02';
    expect(Object.fromEntries(DATE_PRESETS.map((preset) => [preset, presetRange(preset, today)]))).toEqual({
      yesterday: { startDate: '2025-03-01', endDate: '2025-03-01' },
      last2Days: { startDate: '2025-03-01', endDate: '2025-03-02' },
      last3Days: { startDate: '2025-02-28', endDate: '2025-03-02' },
      lastWeek: { startDate: '2025-02-24', endDate: '2025-03-02' },
      lastMonth: { startDate: '2025-02-01', endDate: '2025-03-02' },
    });
  });

  it("count from today in the business's zone, not the device's", () => {
    // 22:30 UTC on 1 March is already 2 March in Riyadh (UTC+3) and still 1 March in Los Angeles.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T22:30:00Z'));
    expect(presetRange('yesterday', zonedDay(new Date(), 'Asia/Riyadh'))).toEqual({ startDate: '2025-03-01', endDate: '2025-03-01' });
    expect(presetRange('lastWeek', zonedDay(new Date(), 'America/Los_Angeles'))).toEqual({ startDate: '2025-02-23', endDate: '2025-03-01' });
  });

  it('falls back to last week for a missing or unknown preset', () => {
    expect(toDatePreset(null)).toBe('lastWeek');
    expect(toDatePreset('lastYear')).toBe('lastWeek');
    expect(toDatePreset('yesterday')).toBe('yesterday');
  });
});
