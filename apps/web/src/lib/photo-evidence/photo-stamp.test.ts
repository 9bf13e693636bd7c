// The stamp's words and drawing: the capture time in the business's zone in the member's
// language, the site, the position kept left to right, and in Arabic a band drawn right to left
// from the right edge; in English from the left.
import { describe, expect, it } from 'vitest';
import { drawStamp, stampLayout, stampLines, type StampContext, type StampDetails } from './photo-stamp.ts';

const details: StampDetails = {
  at: '2026-11-30T05:15:00.000Z',
  siteName: 'North Gate',
  position: { latitude: 24.7137, longitude: 46.6754 },
  timeZone: 'Asia/Riyadh',
  language: 'en',
};

/** A context that keeps what was set and drawn. */
function recorder() {
  const texts: { text: string; x: number; y: number; direction: string; align: string; font: string }[] = [];
  const rects: number[][] = [];
  const context = {
    fillStyle: '',
    font: '',
    direction: 'inherit',
    textAlign: 'left',
    textBaseline: 'alphabetic',
    fillRect: (...args: number[]) => rects.push(args),
    fillText(text: string, x: number, y: number) {
      texts.push({ text, x, y, direction: this.direction, align: this.textAlign, font: this.font });
    },
  };
  return { context: context as unknown as StampContext, texts, rects };
}

describe('the stamp lines', () => {
  it('say when in the business zone, where, and the position', () => {
    const [time, site, where] = stampLines(details, 'Position unavailable');
    expect(time).toMatch(/Nov 30, 2026/);
    expect(time).toMatch(/8:15/); // 05:15 UTC is 08:15 in Riyadh
    expect(site).toBe('North Gate');
    expect(where).toBe('\u206624.71370, 46.67540\u2069');
  });

  it('in Arabic, with Latin digits and the coordinates isolated left to right', () => {
    const [time, site, where] = stampLines({ ...details, language: 'ar', siteName: 'البوابة الشمالية' }, 'الموقع غير متاح');
    expect(time).toMatch(/2026/);
    expect(time).toMatch(/ص/); // the morning, in Arabic
    expect(time).toMatch(/8:15/);
    expect(site).toBe('البوابة الشمالية');
    expect(where?.startsWith('\u2066')).toBe(true);
  });

  it('say so when the position is unknown', () => {
    expect(stampLines({ ...details, position: null }, 'Position unavailable')[2]).toBe('Position unavailable');
  });
});

describe('the stamp band', () => {
  it('grows with the picture and fits its lines', () => {
    const small = stampLayout(640, 3);
    const large = stampLayout(3000, 3);
    expect(large.fontSize).toBeGreaterThan(small.fontSize);
    expect(small.fontSize).toBeGreaterThanOrEqual(14);
    expect(small.band).toBe(3 * small.lineHeight + 2 * small.padding);
  });

  it('is drawn below the picture, left to right in English', () => {
    const { context, texts, rects } = recorder();
    const layout = drawStamp(context, 1000, 750, ['a', 'b', 'c'], 'en', 'Test Sans');
    expect(rects[0]).toEqual([0, 750, 1000, layout.band]);
    expect(texts.map((t) => t.text)).toEqual(['a', 'b', 'c']);
    expect(texts.every((t) => t.direction === 'ltr' && t.align === 'start' && t.x === layout.padding)).toBe(true);
    expect(texts[1]!.y - texts[0]!.y).toBe(layout.lineHeight);
    expect(texts[0]!.font).toBe(`${layout.fontSize}px Test Sans`);
  });

  it('is drawn right to left from the right edge in Arabic', () => {
    const { context, texts } = recorder();
    const layout = drawStamp(context, 1000, 750, ['أ', 'ب', 'ج'], 'ar');
    expect(texts.every((t) => t.direction === 'rtl' && t.align === 'start' && t.x === 1000 - layout.padding)).toBe(true);
    expect(texts[0]!.font).toContain('"Noto Sans Arabic"');
  });
});
