import { describe, expect, it } from 'vitest';
import { valueTicks } from './ticks.ts';

describe('value ticks', () => {
  it('counts from 0 to at least the largest value in round steps, six ticks at most', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(38)).toEqual([0, 10, 20, 30, 40]);
    expect(valueTicks(101)).toEqual([0, 50, 100, 150]);
    expect(valueTicks(2.5)).toEqual([0, 1, 2, 3]);
    for (const largest of [1, 9, 11, 99, 1234, 98765]) {
      const ticks = valueTicks(largest);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(largest);
    }
  });
});
