import { describe, expect, it } from 'vitest';
import { listTimeZones, timeZoneLabel } from './time-zones.ts';

const winter = new Date('2026-01-15T12:00:00Z');

describe('time zone names', () => {
  it('give the city, the name in the language and the offset instead of the raw id', () => {
    expect(timeZoneLabel('Asia/Riyadh', 'en', winter)).toBe('Riyadh — Arabian Standard Time (GMT+3)');
    expect(timeZoneLabel('America/New_York', 'en', winter)).toBe('New York — Eastern Time (GMT-5)');
  });

  it('write the place in Arabic letters in Arabic: the city, or the country of a zone that has it alone', () => {
    expect(timeZoneLabel('Asia/Riyadh', 'ar', winter)).toBe('المملكة العربية السعودية — التوقيت العربي الرسمي (غرينتش+3)');
    expect(timeZoneLabel('America/New_York', 'ar', winter)).toBe('نيويورك — التوقيت الشرقي لأمريكا الشمالية (غرينتش-5)');
    expect(timeZoneLabel('Europe/London', 'ar', winter)).toBe('توقيت المملكة المتحدة (غرينتش+0)');
    expect(timeZoneLabel('UTC', 'ar', winter)).toBe('التوقيت العالمي المنسق (غرينتش+0)');
    for (const zone of listTimeZones('Asia/Riyadh')) expect(timeZoneLabel(zone, 'ar', winter), zone).not.toMatch(/[A-Za-z]/);
  });

  it('name UTC in words, and fall back to the id for a zone the browser does not know', () => {
    expect(timeZoneLabel('UTC', 'en', winter)).toBe('UTC — Coordinated Universal Time (GMT+0)');
    expect(timeZoneLabel('Mars/Olympus', 'en', winter)).toBe('Olympus');
  });

  it('list every zone once, with the one asked for', () => {
    const zones = listTimeZones('Asia/Riyadh');
    expect(zones).toContain('Asia/Riyadh');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
