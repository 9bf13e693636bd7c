import { describe, expect, it } from 'vitest';
import {
  addVertex,
  clampRadius,
  directionOfKey,
  fieldsFromPin,
  handleOf,
  MAX_VERTICES,
  needsRecentre,
  nudge,
  pinFromFields,
  radiusAfterKey,
  radiusFromField,
  summaryOf,
  undoVertex,
  type Vertex,
} from './geofence-edit.ts';

describe('fields to map', () => {
  it('places the pin only when both coordinates are numbers in range', () => {
    expect(pinFromFields('24.7136', 46.6753)).toEqual({ latitude: 24.7136, longitude: 46.6753 });
    expect(pinFromFields('', 46.6753)).toBeNull();
    expect(pinFromFields(24.7, null)).toBeNull();
    expect(pinFromFields('-91', 10)).toBeNull();
    expect(pinFromFields(10, '180.5')).toBeNull();
    expect(pinFromFields('abc', 10)).toBeNull();
    expect(pinFromFields(0, 0)).toEqual({ latitude: 0, longitude: 0 });
  });

  it('draws the circle only for a radius the site can have', () => {
    expect(radiusFromField(200)).toBe(200);
    expect(radiusFromField('10')).toBe(10);
    expect(radiusFromField(9)).toBeNull();
    expect(radiusFromField(10_001)).toBeNull();
    expect(radiusFromField('')).toBeNull();
  });
});

describe('map to fields', () => {
  it('keeps six decimals, folds longitudes past the antimeridian back and holds latitudes at the poles', () => {
    expect(fieldsFromPin({ latitude: 24.71361234, longitude: 46.67532345 })).toEqual({ latitude: 24.713612, longitude: 46.675323 });
    expect(fieldsFromPin({ latitude: 10, longitude: 190 })).toEqual({ latitude: 10, longitude: -170 });
    expect(fieldsFromPin({ latitude: 95, longitude: -200 })).toEqual({ latitude: 90, longitude: 160 });
  });

  it('turns a dragged radius into whole metres within the limits', () => {
    expect(clampRadius(123.6)).toBe(124);
    expect(clampRadius(2)).toBe(10);
    expect(clampRadius(50_000)).toBe(10_000);
  });

  it('puts the resize handle on the circle, due east of the pin', () => {
    const pin = { latitude: 60, longitude: 10 };
    const handle = handleOf(pin, 500);
    expect(handle.latitude).toBe(60);
    // At 60° a degree of longitude is half as long as at the equator.
    expect((handle.longitude - 10) * 111_320 * 0.5).toBeCloseTo(500, 3);
  });
});

describe('keyboard', () => {
  it('moves the pin by compass direction, the same in both languages', () => {
    expect(directionOfKey('ArrowUp')).toBe('north');
    expect(directionOfKey('ArrowLeft')).toBe('west');
    expect(directionOfKey('Enter')).toBeNull();
    const pin = { latitude: 0, longitude: 0 };
    expect(nudge(pin, 'north', 111.32)).toEqual({ latitude: 0.001, longitude: 0 });
    expect(nudge(pin, 'west', 11.132)).toEqual({ latitude: 0, longitude: -0.0001 });
  });

  it('grows and shrinks the radius with the arrows, by 10 m or 100 m with Shift, within the limits', () => {
    expect(radiusAfterKey(200, 'ArrowRight', false)).toBe(210);
    expect(radiusAfterKey(200, 'ArrowDown', true)).toBe(100);
    expect(radiusAfterKey(15, 'ArrowLeft', false)).toBe(10);
    expect(radiusAfterKey(200, 'Tab', false)).toBeNull();
  });
});

describe('polygon', () => {
  it('adds rounded corners in order, undoes the last and stops at the limit', () => {
    const one = addVertex([], { latitude: 1.00000012, longitude: 2 });
    expect(one).toEqual([[1, 2]]);
    const two = addVertex(one, { latitude: 1.5, longitude: 2.5 });
    expect(two).toEqual([
      [1, 2],
      [1.5, 2.5],
    ]);
    expect(undoVertex(two)).toEqual([[1, 2]]);
    expect(undoVertex([])).toEqual([]);
    const full: Vertex[] = Array.from({ length: MAX_VERTICES }, (_, i) => [i / 1000, 0]);
    expect(addVertex(full, { latitude: 5, longitude: 5 })).toHaveLength(MAX_VERTICES);
  });
});

describe('following the pin', () => {
  const shown = { south: 0, west: 0, north: 1, east: 1 };
  it('moves the map only for a pin out of view, or the first one', () => {
    expect(needsRecentre({ latitude: 0.5, longitude: 0.5 }, shown)).toBe(false);
    expect(needsRecentre({ latitude: 2, longitude: 0.5 }, shown)).toBe(true);
    expect(needsRecentre({ latitude: 0.5, longitude: 0.5 }, null)).toBe(true);
    expect(needsRecentre(null, shown)).toBe(false);
  });
});

describe('text alternative', () => {
  it('says the pin, then the circle or the polygon', () => {
    expect(summaryOf(null, 200, null)).toEqual({ key: 'noPin' });
    expect(summaryOf({ latitude: 1, longitude: 2 }, 200, null)).toEqual({ key: 'circle', latitude: 1, longitude: 2, radius: 200 });
    expect(summaryOf({ latitude: 1, longitude: 2 }, 200, [[1, 2]])).toEqual({ key: 'polygon', latitude: 1, longitude: 2, count: 1 });
    expect(summaryOf({ latitude: 1, longitude: 2 }, null, [])).toEqual({ key: 'pinOnly', latitude: 1, longitude: 2 });
  });
});
