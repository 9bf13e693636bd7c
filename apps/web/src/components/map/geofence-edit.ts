// The map picker's rules, apart from the map: the coordinate and radius fields and the map show
// one pin and one geofence, so each side turns the other's values into its own here. Six decimals
// (about 10 cm) are kept; the radius is whole metres within the site's limits.

export interface LatLng {
  latitude: number;
  longitude: number;
}
/** A polygon vertex as the site keeps it: [latitude, longitude]. */
export type Vertex = [number, number];
export type Direction = 'north' | 'south' | 'east' | 'west';

export const MIN_RADIUS_M = 10;
export const MAX_RADIUS_M = 10_000;
export const MAX_VERTICES = 100;
/** How far one arrow key moves the pin, and with Shift. */
export const NUDGE_M = 1;
export const NUDGE_FAR_M = 10;
const METRES_PER_DEGREE = 111_320;

export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

const numberOf = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** The pin the fields describe, or null while either is empty or out of range. */
export function pinFromFields(latitude: number | string | null | undefined, longitude: number | string | null | undefined): LatLng | null {
  const lat = numberOf(latitude);
  const lng = numberOf(longitude);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { latitude: lat, longitude: lng };
}

/** The field values for a pin placed or dragged on the map, rounded to six decimals. */
export function fieldsFromPin(pin: LatLng): LatLng {
  const longitude = ((((pin.longitude + 180) % 360) + 360) % 360) - 180;
  return { latitude: roundCoordinate(Math.max(-90, Math.min(90, pin.latitude))), longitude: roundCoordinate(longitude) };
}

/** The radius the field holds, or null while it is empty or out of the site's limits. */
export function radiusFromField(value: number | string | null | undefined): number | null {
  const n = numberOf(value);
  return n === null || n < MIN_RADIUS_M || n > MAX_RADIUS_M ? null : n;
}

/** A radius dragged on the map, in whole metres within the site's limits. */
export const clampRadius = (metres: number) => Math.min(MAX_RADIUS_M, Math.max(MIN_RADIUS_M, Math.round(metres)));

/** Metres of longitude per degree at a latitude (never zero, even at a pole). */
const metresPerLongitudeDegree = (latitude: number) => Math.max(1, METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));

/** Where the circle's resize handle sits: on its edge, due east of the pin. */
export function handleOf(pin: LatLng, radius: number): LatLng {
  return { latitude: pin.latitude, longitude: pin.longitude + radius / metresPerLongitudeDegree(pin.latitude) };
}

/** The pin moved `metres` towards `direction`. */
export function nudge(pin: LatLng, direction: Direction, metres: number): LatLng {
  const dLat = metres / METRES_PER_DEGREE;
  const dLng = metres / metresPerLongitudeDegree(pin.latitude);
  const moved = {
    north: { latitude: pin.latitude + dLat, longitude: pin.longitude },
    south: { latitude: pin.latitude - dLat, longitude: pin.longitude },
    east: { latitude: pin.latitude, longitude: pin.longitude + dLng },
    west: { latitude: pin.latitude, longitude: pin.longitude - dLng },
  }[direction];
  return fieldsFromPin(moved);
}

/**
 * The compass direction of an arrow key. The map is not mirrored in Arabic, so neither are its
 * arrows: left is west in both languages.
 */
export function directionOfKey(key: string): Direction | null {
  return ({ ArrowUp: 'north', ArrowDown: 'south', ArrowLeft: 'west', ArrowRight: 'east' } as const)[key as 'ArrowUp'] ?? null;
}

/** The radius after an arrow key on the resize handle: up or right grows it, down or left shrinks it. */
export function radiusAfterKey(radius: number, key: string, far: boolean): number | null {
  const step = far ? 100 : 10;
  if (key === 'ArrowUp' || key === 'ArrowRight') return clampRadius(radius + step);
  if (key === 'ArrowDown' || key === 'ArrowLeft') return clampRadius(radius - step);
  return null;
}

/** The polygon with one more vertex (rounded like the fields), up to the limit. */
export function addVertex(vertices: readonly Vertex[], point: LatLng): Vertex[] {
  if (vertices.length >= MAX_VERTICES) return [...vertices];
  const { latitude, longitude } = fieldsFromPin(point);
  return [...vertices, [latitude, longitude]];
}

/** The polygon with vertex `index` moved to `point` (rounded like the fields); an index out of range changes nothing. */
export function moveVertex(vertices: readonly Vertex[], index: number, point: LatLng): Vertex[] {
  if (index < 0 || index >= vertices.length) return [...vertices];
  const { latitude, longitude } = fieldsFromPin(point);
  return vertices.map((vertex, at) => (at === index ? [latitude, longitude] : vertex));
}

/** The polygon with vertex `index` moved `metres` towards `direction` (the arrow keys on a focused corner). */
export function nudgeVertex(vertices: readonly Vertex[], index: number, direction: Direction, metres: number): Vertex[] {
  const vertex = vertices[index];
  if (!vertex) return [...vertices];
  return moveVertex(vertices, index, nudge({ latitude: vertex[0], longitude: vertex[1] }, direction, metres));
}

/** The polygon without its last vertex. */
export const undoVertex = (vertices: readonly Vertex[]): Vertex[] => vertices.slice(0, -1);

/** Whether the map must move to show the pin: it is new, or outside what the map shows. */
export function needsRecentre(pin: LatLng | null, shown: { south: number; west: number; north: number; east: number } | null): boolean {
  if (!pin) return false;
  if (!shown) return true;
  return pin.latitude < shown.south || pin.latitude > shown.north || pin.longitude < shown.west || pin.longitude > shown.east;
}

/** What the screen reader summary says: the pin, then the geofence. */
export type GeofenceSummary =
  | { key: 'noPin' }
  | { key: 'circle'; latitude: number; longitude: number; radius: number }
  | { key: 'polygon'; latitude: number; longitude: number; count: number }
  | { key: 'pinOnly'; latitude: number; longitude: number };

export function summaryOf(pin: LatLng | null, radius: number | null, polygon: readonly Vertex[] | null): GeofenceSummary {
  if (!pin) return { key: 'noPin' };
  const { latitude, longitude } = pin;
  if (polygon && polygon.length > 0) return { key: 'polygon', latitude, longitude, count: polygon.length };
  if (radius !== null) return { key: 'circle', latitude, longitude, radius };
  return { key: 'pinOnly', latitude, longitude };
}
