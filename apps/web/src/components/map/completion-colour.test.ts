import { describe, expect, it } from 'vitest';
import { bandOf, clusterRate } from './completion-colour.ts';

describe('completion colours', () => {
  it('bands a rate at 80 % and 50 %, and no schedule apart', () => {
    expect(bandOf(80)).toBe('high');
    expect(bandOf(79.9)).toBe('middle');
    expect(bandOf(50)).toBe('middle');
    expect(bandOf(0)).toBe('low');
    expect(bandOf(null)).toBe('none');
  });

  it("averages a cluster's rated sites only", () => {
    expect(clusterRate(150, 2)).toBe(75);
    expect(clusterRate(0, 0)).toBeNull();
    expect(clusterRate(100, 3)).toBe(33.3);
  });
});
