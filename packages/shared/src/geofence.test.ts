// The geofence's geometry against independent references: a star-shaped polygon's own wedge test
// for insideness, dense sampling of the edges with the haversine for distance, and exact integer
// intersection of every pair of edges for validity.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MSG } from './messages.ts';
import { distanceMetres, distanceToGeofence, insidePolygon, judgeLocation, openRing, polygonProblem, type Vertex } from './geofence.ts';

const RIYADH = { latitude: 24.7136, longitude: 46.6753 };

/** A polygon around a centre: vertices at increasing angles, each at its own distance, so concave but never crossing. */
interface Star {
  centre: { latitude: number; longitude: number };
  /** Angle in radians and distance in degrees of each vertex, the angles strictly increasing. */
  rays: { angle: number; reach: number }[];
}

const starOf = (centre: Star['centre']) =>
  fc
    .array(fc.tuple(fc.double({ min: 0.3, max: 0.7, noNaN: true }), fc.double({ min: 0.0005, max: 0.005, noNaN: true })), { minLength: 3, maxLength: 12 })
    .map((raw): Star => {
      // One vertex in the middle part of each equal wedge: consecutive ones stay less than π apart
      // (1.4 wedges at most), so the centre is inside and the edges never cross.
      const step = (2 * Math.PI) / raw.length;
      return { centre, rays: raw.map(([part, reach], i) => ({ angle: (i + part) * step, reach })) };
    });

const verticesOf = (star: Star): Vertex[] =>
  star.rays.map(({ angle, reach }) => [star.centre.latitude + reach * Math.sin(angle), star.centre.longitude + reach * Math.cos(angle)] as const);

/** Inside a star polygon by its own shape: the point's angle picks the wedge, then which side of that wedge's edge it is. */
function insideStar(star: Star, point: { latitude: number; longitude: number }): boolean {
  const vertices = verticesOf(star);
  const dy = point.latitude - star.centre.latitude;
  const dx = point.longitude - star.centre.longitude;
  let angle = Math.atan2(dy, dx);
  if (angle < 0) angle += 2 * Math.PI;
  const n = vertices.length;
  // The wedge between consecutive rays that holds the angle (the last wraps to the first).
  let i = n - 1;
  for (let k = 0; k < n - 1; k++) {
    if (angle >= (star.rays[k] as Star['rays'][number]).angle && angle < (star.rays[k + 1] as Star['rays'][number]).angle) i = k;
  }
  const a = vertices[i] as Vertex;
  const b = vertices[(i + 1) % n] as Vertex;
  // The centre and the point on the same side of a–b (or the point on it): inside.
  const side = (p: readonly [number, number]) => (b[1] - a[1]) * (p[0] - a[0]) - (b[0] - a[0]) * (p[1] - a[1]);
  const s = side([point.latitude, point.longitude]);
  return s === 0 || Math.sign(s) === Math.sign(side([star.centre.latitude, star.centre.longitude]));
}

/** Metres to the nearest of many points along every edge: a brute-force upper bound of the true distance. */
function sampledDistance(vertices: readonly Vertex[], point: { latitude: number; longitude: number }, perEdge = 400): number {
  let nearest = Infinity;
  for (let i = 0; i < vertices.length; i++) {
    const a = vertices[i] as Vertex;
    const b = vertices[(i + 1) % vertices.length] as Vertex;
    for (let k = 0; k <= perEdge; k++) {
      const t = k / perEdge;
      nearest = Math.min(nearest, distanceMetres(point, { latitude: a[0] + t * (b[0] - a[0]), longitude: a[1] + t * (b[1] - a[1]) }));
    }
  }
  return nearest;
}

const pointNear = (centre: Star['centre'], spread: number) =>
  fc
    .tuple(fc.double({ min: -spread, max: spread, noNaN: true }), fc.double({ min: -spread, max: spread, noNaN: true }))
    .map(([dLat, dLon]) => ({ latitude: centre.latitude + dLat, longitude: centre.longitude + dLon }));

describe('point in polygon', () => {
  it('agrees with the wedge test of star-shaped (often concave) polygons', () => {
    fc.assert(
      fc.property(starOf(RIYADH), pointNear(RIYADH, 0.006), (star, point) => {
        expect(insidePolygon(verticesOf(star), point)).toBe(insideStar(star, point));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts every vertex and every point along an edge as inside', () => {
    fc.assert(
      fc.property(starOf(RIYADH), fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), (star, pick, t) => {
        const vertices = verticesOf(star);
        const a = vertices[pick % vertices.length] as Vertex;
        const b = vertices[(pick + 1) % vertices.length] as Vertex;
        expect(insidePolygon(vertices, { latitude: a[0], longitude: a[1] })).toBe(true);
        expect(insidePolygon(vertices, { latitude: a[0] + t * (b[0] - a[0]), longitude: a[1] + t * (b[1] - a[1]) })).toBe(true);
      }),
    );
  });

  it('reads a concave U: the notch between its arms is outside', () => {
    // A U opening north, about 300 m across: arms at the west and east, the notch between them.
    const u: Vertex[] = [
      [24.7, 46.7],
      [24.7, 46.703],
      [24.703, 46.703],
      [24.703, 46.702],
      [24.701, 46.702],
      [24.701, 46.701],
      [24.703, 46.701],
      [24.703, 46.7],
    ];
    expect(insidePolygon(u, { latitude: 24.702, longitude: 46.7015 })).toBe(false);
    expect(insidePolygon(u, { latitude: 24.702, longitude: 46.7005 })).toBe(true);
    expect(insidePolygon(u, { latitude: 24.702, longitude: 46.7025 })).toBe(true);
    expect(insidePolygon(u, { latitude: 24.7005, longitude: 46.7015 })).toBe(true);
    // On the notch's floor and on its wall.
    expect(insidePolygon(u, { latitude: 24.701, longitude: 46.7015 })).toBe(true);
    expect(insidePolygon(u, { latitude: 24.7025, longitude: 46.701 })).toBe(true);
    // Level with a horizontal edge, beyond it: the ray passes along the edge and must not flip twice.
    expect(insidePolygon(u, { latitude: 24.703, longitude: 46.704 })).toBe(false);
    expect(insidePolygon(u, { latitude: 24.701, longitude: 46.699 })).toBe(false);
    expect(distanceToGeofence({ kind: 'polygon', vertices: u }, { latitude: 24.702, longitude: 46.7015 })).toBeCloseTo(50.5, 0);
  });
});

describe('distance to a geofence', () => {
  it('is 0 inside a polygon and otherwise the nearest edge, as dense sampling of the edges finds it', () => {
    fc.assert(
      fc.property(starOf(RIYADH), pointNear(RIYADH, 0.02), (star, point) => {
        const vertices = verticesOf(star);
        const distance = distanceToGeofence({ kind: 'polygon', vertices }, point);
        if (insideStar(star, point)) {
          expect(distance).toBe(0);
          return;
        }
        const sampled = sampledDistance(vertices, point);
        // Sampling overshoots by at most half a step along an edge (an edge is under about 1.2 km here).
        expect(distance).toBeLessThanOrEqual(sampled * 1.005 + 0.01);
        expect(distance).toBeGreaterThanOrEqual(sampled * 0.995 - 2);
      }),
      { numRuns: 300 },
    );
  });

  it('is the distance beyond the rim of a circle, 0 within it', () => {
    const fence = { kind: 'circle', centre: RIYADH, radius: 200 } as const;
    const east500 = { latitude: RIYADH.latitude, longitude: RIYADH.longitude + 500 / (111_195 * Math.cos((RIYADH.latitude * Math.PI) / 180)) };
    expect(distanceToGeofence(fence, east500)).toBeCloseTo(300, 0);
    expect(distanceToGeofence(fence, { latitude: RIYADH.latitude + 0.001, longitude: RIYADH.longitude })).toBe(0);
  });
});

/** Exact (integer) reference: whether two closed segments share a point, by solving for where their lines meet. */
function segmentsShareAPoint(a: Vertex, b: Vertex, c: Vertex, d: Vertex): boolean {
  const r = [b[0] - a[0], b[1] - a[1]];
  const s = [d[0] - c[0], d[1] - c[1]];
  const q = [c[0] - a[0], c[1] - a[1]];
  const cross = (u: number[], v: number[]) => (u[0] as number) * (v[1] as number) - (u[1] as number) * (v[0] as number);
  const denominator = cross(r, s);
  if (denominator !== 0) {
    // a + t·r = c + u·s with t and u in [0, 1], kept as fractions over the denominator.
    const t = cross(q, s);
    const u = cross(q, r);
    const [lo, hi] = denominator > 0 ? [0, denominator] : [denominator, 0];
    return t >= lo && t <= hi && u >= lo && u <= hi;
  }
  if (cross(q, r) !== 0) return false;
  // On one line: project onto it and compare the intervals.
  const dot = (u: number[], v: number[]) => (u[0] as number) * (v[0] as number) + (u[1] as number) * (v[1] as number);
  const along = (p: Vertex) => dot([p[0] - a[0], p[1] - a[1]], r.some((x) => x !== 0) ? r : s);
  const first = [along(a), along(b)].sort((x, y) => x - y);
  const second = [along(c), along(d)].sort((x, y) => x - y);
  return (first[0] as number) <= (second[1] as number) && (second[0] as number) <= (first[1] as number);
}

/** A ring is simple when only neighbouring edges meet, each only at their shared vertex, and it has an area. */
function simpleByReference(vertices: readonly Vertex[]): boolean {
  const n = vertices.length;
  const edge = (i: number) => [vertices[i] as Vertex, vertices[(i + 1) % n] as Vertex] as const;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [a, b] = edge(i);
      const [c, d] = edge(j);
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (!neighbours) {
        if (segmentsShareAPoint(a, b, c, d)) return false;
        continue;
      }
      // Neighbours share one vertex and may meet nowhere else: neither has zero length, and they
      // do not leave it along one line in the same direction.
      const [shared, farA, farB] = j === i + 1 ? [b, a, d] : [a, b, c];
      const u = [farA[0] - shared[0], farA[1] - shared[1]] as const;
      const v = [farB[0] - shared[0], farB[1] - shared[1]] as const;
      if ((u[0] === 0 && u[1] === 0) || (v[0] === 0 && v[1] === 0)) return false;
      if (u[0] * v[1] - u[1] * v[0] === 0 && u[0] * v[0] + u[1] * v[1] > 0) return false;
    }
  }
  let area = 0;
  for (let i = 0; i < n; i++) {
    const [a, b] = edge(i);
    area += a[1] * b[0] - b[1] * a[0];
  }
  return area !== 0;
}

describe('polygon validity', () => {
  it('accepts a ring exactly when exact intersection of every pair of edges finds it simple', () => {
    const smallGrid = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }));
    fc.assert(
      fc.property(fc.array(smallGrid, { minLength: 3, maxLength: 7 }), (points) => {
        const vertices = points.map(([lat, lon]) => [lat, lon] as const);
        expect(polygonProblem(vertices) === null).toBe(simpleByReference(vertices));
      }),
      { numRuns: 5000 },
    );
  });

  it('accepts every star-shaped polygon', () => {
    fc.assert(
      fc.property(starOf(RIYADH), (star) => {
        expect(polygonProblem(verticesOf(star))).toBeNull();
      }),
    );
  });

  it('refuses a bow tie, a spike, a repeated point and a flat ring, saying why', () => {
    const square: Vertex[] = [
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 0],
    ];
    expect(polygonProblem(square)).toBeNull();
    expect(polygonProblem([square[0], square[1], square[3], square[2]] as Vertex[])).toBe(MSG.polygonSelfIntersecting);
    expect(
      polygonProblem([
        [0, 0],
        [0, 2],
        [0, 1],
        [1, 1],
      ]),
    ).toBe(MSG.polygonSelfIntersecting);
    expect(
      polygonProblem([
        [0, 0],
        [0, 1],
        [0, 1],
        [1, 1],
      ] as Vertex[]),
    ).toBe(MSG.polygonSelfIntersecting);
    expect(
      polygonProblem([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toBe(MSG.polygonSelfIntersecting);
  });

  it('counts vertices: 3 to 100', () => {
    const ring = (n: number): Vertex[] => Array.from({ length: n }, (_, i) => [Math.sin((2 * Math.PI * i) / n), Math.cos((2 * Math.PI * i) / n)] as const);
    expect(polygonProblem(ring(2))).toBe(MSG.polygonVertexCount);
    expect(polygonProblem(ring(3))).toBeNull();
    expect(polygonProblem(ring(100))).toBeNull();
    expect(polygonProblem(ring(101))).toBe(MSG.polygonVertexCount);
  });

  it('refuses a polygon across the 180° meridian, and takes one that only reaches it', () => {
    const fiji: Vertex[] = [
      [-17, 179.9],
      [-17, -179.9],
      [-17.1, -179.9],
      [-17.1, 179.9],
    ];
    expect(polygonProblem(fiji)).toBe(MSG.polygonAntimeridian);
    const east: Vertex[] = [
      [-17, 179.9],
      [-17, 180],
      [-17.1, 180],
    ];
    expect(polygonProblem(east)).toBeNull();
  });

  it('drops the closing vertex that repeats the first', () => {
    expect(
      openRing([
        [0, 0],
        [0, 1],
        [1, 1],
        [0, 0],
      ]),
    ).toEqual([
      [0, 0],
      [0, 1],
      [1, 1],
    ]);
  });
});

describe('judging a position', () => {
  const site = { latitude: RIYADH.latitude, longitude: RIYADH.longitude, radius: 200, polygon: null };
  const near = { latitude: RIYADH.latitude + 0.0005, longitude: RIYADH.longitude };
  const far = { latitude: RIYADH.latitude + 0.01, longitude: RIYADH.longitude };

  it('is inside within the circle with a fix as precise as the radius, outside beyond it', () => {
    expect(judgeLocation(true, site, { ...near, accuracy: 200 }).status).toBe('INSIDE');
    expect(judgeLocation(true, site, { ...far, accuracy: 10 }).status).toBe('OUTSIDE');
    expect(judgeLocation(true, site, { ...far, accuracy: 10 }).distance).toBeCloseTo(1112, -1);
  });

  it('is unverified without a position or an accuracy, or with one wider than the threshold (the radius by default)', () => {
    expect(judgeLocation(true, site, {}).status).toBe('UNVERIFIED');
    expect(judgeLocation(true, site, near).status).toBe('UNVERIFIED');
    expect(judgeLocation(true, site, { ...near, accuracy: 201 }).status).toBe('UNVERIFIED');
    expect(judgeLocation(true, site, { ...near, accuracy: 40 }, 30).status).toBe('UNVERIFIED');
    expect(judgeLocation(true, site, { ...near, accuracy: 30 }, 30).status).toBe('INSIDE');
    // Precision is judged before place: a vague fix far away is unverified, not outside.
    expect(judgeLocation(true, site, { ...far, accuracy: 500 }).status).toBe('UNVERIFIED');
  });

  it('judges by the polygon when the site has one, the pin still giving the distance', () => {
    const polygon: Vertex[] = [
      [RIYADH.latitude + 0.005, RIYADH.longitude - 0.001],
      [RIYADH.latitude + 0.015, RIYADH.longitude - 0.001],
      [RIYADH.latitude + 0.015, RIYADH.longitude + 0.001],
      [RIYADH.latitude + 0.005, RIYADH.longitude + 0.001],
    ];
    const judged = judgeLocation(true, { ...site, polygon }, { ...far, accuracy: 10 });
    expect(judged.status).toBe('INSIDE');
    expect(judged.fromGeofence).toBe(0);
    expect(judged.distance).toBeCloseTo(1112, -1);
    expect(judgeLocation(true, { ...site, polygon }, { ...near, accuracy: 10 }).status).toBe('OUTSIDE');
  });

  it('judges nothing when the task does not check location or the site has no geofence', () => {
    expect(judgeLocation(false, site, { ...far, accuracy: 10 }).status).toBeNull();
    expect(judgeLocation(true, { latitude: null, longitude: null, radius: 200, polygon: null }, { ...far, accuracy: 10 }).status).toBeNull();
  });
});
