import { describe, expect, it } from 'vitest';
import { countByStatus, emptyCounts, ringGradient, roundedMetres, STATUS_LOOKS, STATUS_ORDER } from './answer-status.ts';

describe('the answers map statuses', () => {
  it('gives every status its own colour, shape and symbol', () => {
    const looks = STATUS_ORDER.map((status) => STATUS_LOOKS[status]);
    for (const part of ['colour', 'shape', 'symbol'] as const) expect(new Set(looks.map((look) => look[part])).size).toBe(STATUS_ORDER.length);
  });

  it('counts answers by status', () => {
    expect(countByStatus([{ status: 'INSIDE' }, { status: 'OUTSIDE' }, { status: 'INSIDE' }, { status: 'OVERRIDDEN' }])).toEqual({
      ...emptyCounts(),
      INSIDE: 2,
      OUTSIDE: 1,
      OVERRIDDEN: 1,
    });
  });

  it("shares a cluster's ring among its statuses by their counts", () => {
    expect(ringGradient({ ...emptyCounts(), INSIDE: 3, OUTSIDE: 1 })).toBe('conic-gradient(#2b8a3e 0deg 270deg, #c92a2a 270deg 360deg)');
    expect(ringGradient({ ...emptyCounts(), UNVERIFIED: 1 })).toBe('conic-gradient(#f59f00 0deg 360deg)');
    expect(ringGradient(emptyCounts())).toBe(STATUS_LOOKS.NOT_CHECKED.colour);
  });

  it('rounds distances to the metre, and to ten metres from a kilometre', () => {
    expect(roundedMetres(12.4)).toBe(12);
    expect(roundedMetres(999.4)).toBe(999);
    expect(roundedMetres(1114.6)).toBe(1110);
  });
});
