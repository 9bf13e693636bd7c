import { describe, expect, it } from 'vitest';
import { dateTimeFormat, isKnownTimeZone, numberFormat } from './intl.ts';

describe('shared Intl formatters', () => {
  it('makes one formatter per locale and options, and formats as a new one would', () => {
    const options = { timeZone: 'Asia/Riyadh', dateStyle: 'medium' } as const;
    expect(dateTimeFormat('en', options)).toBe(dateTimeFormat('en', { ...options }));
    expect(dateTimeFormat('en', options)).not.toBe(dateTimeFormat('ar-u-nu-latn', options));
    const at = new Date('2025-03-01T22:30:00Z');
    expect(dateTimeFormat('en', options).format(at)).toBe(new Intl.DateTimeFormat('en', options).format(at));
    expect(numberFormat('en', { maximumFractionDigits: 1 }).format(66.666)).toBe('66.7');
  });

  it('tells a zone the runtime knows from one it does not, and still throws for the latter', () => {
    expect(isKnownTimeZone('Asia/Riyadh')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(() => dateTimeFormat('en', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
