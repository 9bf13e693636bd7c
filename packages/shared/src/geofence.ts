// Geofences (DESIGN §13): a site's circle around its pin or its polygon, the distance from a
// position to either, the polygon's validity, and the judgement of an answer's position. The device
// runs these offline and the server runs the same ones when the answer arrives; the server decides.
import type { LocationStatus } from './enums.ts';
import { MSG } from './messages.ts';

const EARTH_RADIUS_M = 6_371_000;
export const MIN_POLYGON_VERTICES = 3;
export const MAX_POLYGON_VERTICES = 100;
/** Nearer than this to an edge (a micrometre), a position is on it: rounding must not put it out. */
const ON_EDGE_M = 1e-6;

export interface Position {
  latitude: number;
  longitude: number;
}
/** A polygon vertex as stored and sent: [latitude, longitude]. */
export type Vertex = readonly [number, number];

const radians = (deg: number) => (deg * Math.PI) / 180;

/** Straight-line distance in metres between two positions (haversine). */
export function distanceMetres(a: Position, b: Position): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A flat plane in metres around a polygon (equirectangular at its mean latitude). At a site's
 * scale it is within a fraction of a percent of the sphere, and being affine in latitude and
 * longitude it keeps insideness exactly as the degrees have it.
 */
function planeOf(vertices: readonly Vertex[]) {
  const lat0 = vertices.reduce((sum, v) => sum + v[0], 0) / vertices.length;
  const lon0 = vertices[0]?.[1] ?? 0;
  const xScale = EARTH_RADIUS_M * radians(1) * Math.cos(radians(lat0));
  const yScale = EARTH_RADIUS_M * radians(1);
  return (latitude: number, longitude: number): [number, number] => [(longitude - lon0) * xScale, (latitude - lat0) * yScale];
}

/** Distance in a plane from p to the segment a–b. */
function segmentDistance(p: [number, number], a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Metres from a position to the nearest edge of a polygon, inside or not. */
function edgeDistance(vertices: readonly Vertex[], point: Position): number {
  const project = planeOf(vertices);
  const p = project(point.latitude, point.longitude);
  const flat = vertices.map((v) => project(v[0], v[1]));
  let nearest = Infinity;
  for (let i = 0; i < flat.length; i++) {
    nearest = Math.min(nearest, segmentDistance(p, flat[i] as [number, number], flat[(i + 1) % flat.length] as [number, number]));
  }
  return nearest;
}

/**
 * Whether a position lies in a polygon (even-odd rule, so concave shapes hold). A position on an
 * edge or a vertex is inside: a boundary drawn through a doorway keeps the doorway.
 */
export function insidePolygon(vertices: readonly Vertex[], point: Position): boolean {
  if (vertices.length < MIN_POLYGON_VERTICES) return false;
  if (edgeDistance(vertices, point) <= ON_EDGE_M) return true;
  const { latitude: y, longitude: x } = point;
  let inside = false;
  for (let i = 0, j = vertices.length - 1; i < vertices.length; j = i++) {
    const [yi, xi] = vertices[i] as Vertex;
    const [yj, xj] = vertices[j] as Vertex;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A site's geofence: its polygon when it has one, else the circle of its radius around its pin. */
export type Geofence = { kind: 'circle'; centre: Position; radius: number } | { kind: 'polygon'; vertices: readonly Vertex[] };

export interface SiteArea {
  latitude: number | null;
  longitude: number | null;
  radius: number;
  polygon?: readonly Vertex[] | null;
}

/** The geofence of a site, or null when it has neither a polygon nor a pin. */
export function geofenceOf(site: SiteArea): Geofence | null {
  if (site.polygon && site.polygon.length >= MIN_POLYGON_VERTICES) return { kind: 'polygon', vertices: site.polygon };
  if (site.latitude === null || site.longitude === null) return null;
  return { kind: 'circle', centre: { latitude: site.latitude, longitude: site.longitude }, radius: site.radius };
}

/** Metres from a position to a geofence: 0 inside (its boundary included), else to its nearest edge. */
export function distanceToGeofence(fence: Geofence, point: Position): number {
  if (fence.kind === 'circle') return Math.max(0, distanceMetres(point, fence.centre) - fence.radius);
  return insidePolygon(fence.vertices, point) ? 0 : edgeDistance(fence.vertices, point);
}

/** Twice the signed area of the triangle a, b, c in degrees: its sign says which way it turns. */
const turn = (a: Vertex, b: Vertex, c: Vertex) => (b[1] - a[1]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[1] - a[1]);

/** Whether c, known to be in line with a–b, lies within that segment's bounds. */
const withinBounds = (a: Vertex, b: Vertex, c: Vertex) =>
  Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);

/** Whether the closed segments a–b and c–d share any point. */
function segmentsMeet(a: Vertex, b: Vertex, c: Vertex, d: Vertex): boolean {
  const d1 = turn(c, d, a);
  const d2 = turn(c, d, b);
  const d3 = turn(a, b, c);
  const d4 = turn(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && withinBounds(c, d, a)) || (d2 === 0 && withinBounds(c, d, b)) || (d3 === 0 && withinBounds(a, b, c)) || (d4 === 0 && withinBounds(a, b, d))
  );
}

/** Whether neighbouring edges a–b and b–c fold back over each other (b a spike's tip or a repeated point). */
const foldsBack = (a: Vertex, b: Vertex, c: Vertex) => turn(a, b, c) === 0 && (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) <= 0;

/** The ring without the closing vertex that repeats the first, as map drawings send it. */
export function openRing(vertices: readonly Vertex[]): Vertex[] {
  const first = vertices[0];
  const last = vertices[vertices.length - 1];
  const closed = vertices.length > 1 && first && last && first[0] === last[0] && first[1] === last[1];
  return closed ? vertices.slice(0, -1) : [...vertices];
}

/**
 * Why a polygon (an open ring) cannot be a geofence, or null when it can: 3 to 100 vertices, on one
 * side of the 180° meridian (a longitude span over 180° is read as crossing it), an area, and no
 * edge crossing or touching another.
 */
export function polygonProblem(vertices: readonly Vertex[]): string | null {
  if (vertices.length < MIN_POLYGON_VERTICES || vertices.length > MAX_POLYGON_VERTICES) return MSG.polygonVertexCount;
  const longitudes = vertices.map((v) => v[1]);
  if (Math.max(...longitudes) - Math.min(...longitudes) > 180) return MSG.polygonAntimeridian;
  const n = vertices.length;
  const at = (i: number) => vertices[((i % n) + n) % n] as Vertex;
  let area = 0;
  for (let i = 0; i < n; i++) {
    area += turn(at(0), at(i), at(i + 1));
    if (foldsBack(at(i - 1), at(i), at(i + 1))) return MSG.polygonSelfIntersecting;
    // Edges that share no vertex: every pair once (the first and the last edge are neighbours).
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsMeet(at(i), at(i + 1), at(j), at(j + 1))) return MSG.polygonSelfIntersecting;
    }
  }
  return area === 0 ? MSG.polygonSelfIntersecting : null;
}

/** Where a device reported itself: any part may be missing. */
export interface Fix {
  latitude?: number | null;
  longitude?: number | null;
  /** Metres, as the device reports it. */
  accuracy?: number | null;
}

export interface LocationJudgement {
  /** Metres from the site's pin when both positions are known (the figure the answers show). */
  distance: number | null;
  /** Metres outside the geofence (0 inside) when the position and the geofence are known. */
  fromGeofence: number | null;
  /** Null when there is nothing to judge against: the task does not check location, or the site has no geofence. */
  status: LocationStatus | null;
}

/**
 * How an answer's position stands against its site (DESIGN §7, §13). Unverified when there is no
 * position, or its accuracy is unknown or wider than the task's threshold (the site's radius when
 * the task sets none): a fix that could be anywhere in a wider circle proves nothing, however near
 * its centre falls. Otherwise inside or outside the geofence, its boundary counting as inside.
 */
export function judgeLocation(checksLocation: boolean, site: SiteArea, fix: Fix, accuracyThreshold: number | null = null): LocationJudgement {
  const point = fix.latitude != null && fix.longitude != null ? { latitude: fix.latitude, longitude: fix.longitude } : null;
  const pin = site.latitude !== null && site.longitude !== null ? { latitude: site.latitude, longitude: site.longitude } : null;
  const fence = geofenceOf(site);
  const distance = point && pin ? distanceMetres(point, pin) : null;
  const fromGeofence = point && fence ? distanceToGeofence(fence, point) : null;
  if (!checksLocation || !fence) return { distance, fromGeofence, status: null };
  const limit = accuracyThreshold ?? site.radius;
  if (!point || fix.accuracy == null || fix.accuracy > limit) return { distance, fromGeofence, status: 'UNVERIFIED' };
  return { distance, fromGeofence, status: fromGeofence === 0 ? 'INSIDE' : 'OUTSIDE' };
}
