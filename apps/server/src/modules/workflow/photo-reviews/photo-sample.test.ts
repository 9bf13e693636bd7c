// The sample's share per site and week, for any draws: never over the share rounded up, never a
// whole photo under it, and random in between.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSampled } from './photo-sample.ts';

describe('the photo sample of a site week', () => {
  it('stays within the share rounded down and up after every photo, whatever is drawn', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.double({ min: 0, max: 100, noNaN: true, maxExcluded: true }), { maxLength: 300 }),
        (percent, draws) => {
          let sampled = 0;
          draws.forEach((draw, checked) => {
            if (isSampled(percent, { checked, sampled }, draw)) sampled += 1;
            const share = (percent / 100) * (checked + 1);
            expect(sampled).toBeLessThanOrEqual(Math.ceil(share - 1e-9));
            expect(sampled).toBeGreaterThanOrEqual(Math.floor(share + 1e-9));
          });
        },
      ),
    );
  });

  it('takes every photo at 100 % and none at 0 %', () => {
    for (let checked = 0; checked < 50; checked += 1) {
      expect(isSampled(100, { checked, sampled: checked }, 99.9)).toBe(true);
      expect(isSampled(0, { checked, sampled: 0 }, 0)).toBe(false);
    }
  });

  it('at 5 %: the draw decides among the first twenty photos, the twentieth is taken when none was, the draw again after it', () => {
    expect(isSampled(5, { checked: 0, sampled: 0 }, 4.9)).toBe(true);
    expect(isSampled(5, { checked: 0, sampled: 0 }, 5)).toBe(false);
    expect(isSampled(5, { checked: 1, sampled: 1 }, 0)).toBe(false);
    expect(isSampled(5, { checked: 19, sampled: 0 }, 99)).toBe(true);
    expect(isSampled(5, { checked: 20, sampled: 1 }, 99)).toBe(false);
    expect(isSampled(5, { checked: 20, sampled: 1 }, 1)).toBe(true);
  });
});
