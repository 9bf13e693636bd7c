import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime } from './dates.ts';

const now = new Date('2025-03-10T12:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago in the language, with Latin digits', () => {
    expect(formatRelativeTime(before(5), 'en', now)).toBe('now');
    expect(formatRelativeTime(before(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(before(3 * 3600), 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(before(24 * 3600), 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(before(3 * 3600), 'ar', now)).toMatch(/^قبل 3 ساعات$/);
  });

  it('gives the date itself past a month', () => {
    const old = before(40 * 24 * 3600);
    expect(formatRelativeTime(old, 'en', now)).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(old)));
    expect(formatDateTime(old, 'ar')).not.toMatch(/[٠-٩]/);
  });
});
