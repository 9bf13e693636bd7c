import { describe, expect, it } from 'vitest';
import { joinSitesMap } from './get-sites-map.ts';

describe('the sites map data', () => {
  it('gives each pinned site its rate, keeps the count of the others, and has no rate without schedules', () => {
    const sites = {
      items: [
        { id: 1, name: 'North', latitude: 24.7, longitude: 46.6 },
        { id: 3, name: 'East', latitude: 0, longitude: 0 },
        { id: 4, name: 'West', latitude: 21.5, longitude: 39.2 },
      ],
      unplaced: 1,
    };
    const rates = [
      { id: 1, completionRate: 85.5, total: 10 },
      { id: 3, completionRate: 0, total: 0 },
      { id: 9, completionRate: 40, total: 5 },
    ];
    expect(joinSitesMap(sites, rates)).toEqual({
      sites: [
        { id: 1, name: 'North', latitude: 24.7, longitude: 46.6, completionRate: 85.5 },
        { id: 3, name: 'East', latitude: 0, longitude: 0, completionRate: null },
        { id: 4, name: 'West', latitude: 21.5, longitude: 39.2, completionRate: null },
      ],
      unplaced: 1,
    });
  });
});
