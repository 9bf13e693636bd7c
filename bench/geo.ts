// Geofences and photo evidence on the answer path, on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL). Answers with a photo are sent through the API, taking turns, to a site whose
// geofence is a circle and to one whose geofence is a 50-corner polygon: the polygon's judgement
// is what the second adds. Each answer queues its photo's check in its transaction; the check
// itself (reading the photo, its perceptual hash, the search for a near duplicate among the
// business's photos) runs on the job queue, off the answer path, and its own time is printed beside.
// Goal: the polygon path's p95 no more than 5 ms above the circle's. Then the sites map of 5,000
// sites in Chromium (lib/sites-map-timing.ts; the built app): every site shown within a second.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { businesses, projects, teamMembers, teams, users } from '../apps/server/src/db/schema.ts';
import { photoChecks } from '../apps/server/src/db/schema-evidence.ts';
import { tasks } from '../apps/server/src/db/schema-workflow.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { createBusinessFor } from '../apps/server/src/modules/main/onboarding/onboarding.service.ts';
import { checkPhoto } from '../apps/server/src/modules/workflow/photo-reviews/photo-reviews.service.ts';
import { multipart } from '../apps/server/src/test/multipart.ts';
import { withPostgres } from './lib/bench-database.ts';
import { timeSitesMap } from './lib/sites-map-timing.ts';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ANSWERS = Number(process.env.GEO_ANSWERS ?? 200);
const GOAL_EXTRA_P95_MS = 5;
const WORKFLOW = '/services/workflow/api';
const CENTRE = { latitude: 24.7136, longitude: 46.6753 };
/** A fix 40 m north of the centre, good to 8 m: inside both the circle and the polygon. */
const FIX = { latitude: String(CENTRE.latitude + 0.00036), longitude: String(CENTRE.longitude), accuracy: '8' };

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (row === undefined) throw new Error('an insert returns its row');
  return row;
};

/** A 50-corner polygon of about 150 m around the centre, its radius wavering so it is not convex. */
const POLYGON: [number, number][] = Array.from({ length: 50 }, (_, i) => {
  const angle = (2 * Math.PI * i) / 50;
  const metres = i % 2 === 0 ? 150 : 120;
  return [
    CENTRE.latitude + (metres * Math.cos(angle)) / 111_320,
    CENTRE.longitude + (metres * Math.sin(angle)) / (111_320 * Math.cos((CENTRE.latitude * Math.PI) / 180)),
  ];
});

async function setUp(app: FastifyInstance) {
  const user = one(
    await app.db
      .insert(users)
      .values({ username: 'geoowner', email: 'geo@bench.test', fullName: 'Geo Owner', passwordHash: await hashPassword('bench-pass-123'), activated: true })
      .returning(),
  );
  const business = await createBusinessFor(app.db, user.id, { name: 'Geo Bench' });
  // A zone where it is about 14:00 now, so today's plan from 06:00 is open whenever this runs.
  const offset = 14 - new Date().getUTCHours();
  const timeZone = offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
  await app.db.update(businesses).set({ timeZone }).where(eq(businesses.id, business.id));
  const today = new Date(Date.now() + offset * 3_600_000).toISOString().slice(0, 10);
  const project = one(await app.db.insert(projects).values({ businessId: business.id, name: 'Geo project' }).returning());
  const site = async (name: string, polygon: [number, number][] | null) => {
    const made = one(
      await app.db
        .insert(teams)
        .values({ businessId: business.id, projectId: project.id, name, ...CENTRE, radius: 200, polygon })
        .returning(),
    );
    await app.db.insert(teamMembers).values({ businessId: business.id, teamId: made.id, userId: user.id, authority: 'SUPERVISOR' });
    return made.id;
  };
  const circle = await site('Circle site', null);
  const polygon = await site('Polygon site', POLYGON);
  const task = one(
    await app.db.insert(tasks).values({ businessId: business.id, creatorId: user.id, nameEn: 'Photo round', geoRestrictionEnabled: true }).returning(),
  );
  const signedIn = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: user.username, password: 'bench-pass-123' } });
  const token = signedIn.json<{ id_token: string }>().id_token;
  const request = (options: InjectOptions) =>
    app.inject({ ...options, headers: { authorization: `Bearer ${token}`, 'x-api-key': business.apiKey, ...(options.headers ?? {}) } });
  // One photo action per answer, so each answer is a first answer to its action.
  const actionIds: number[] = [];
  for (let i = 0; i < ANSWERS; i++) {
    const res = await request({ method: 'POST', url: `${WORKFLOW}/v1/actions`, payload: { taskId: task.id, nameEn: `Photo ${i + 1}`, type: 'PHOTO' } });
    if (res.statusCode !== 201) throw new Error(`action refused: ${res.statusCode} ${res.body}`);
    actionIds.push(res.json<{ id: number }>().id);
  }
  const scheduleOf = async (teamId: number) => {
    const res = await request({
      method: 'POST',
      url: `${WORKFLOW}/v1/execution-plans/assignType/GROUP/create`,
      payload: {
        taskId: task.id,
        teamId,
        userIds: [user.id],
        scheduleType: 'ONCE',
        startDate: today,
        startTime: '06:00',
        endTime: '24:00',
        deadlineAfter: 1,
        deadlineUnit: 'DAYS',
      },
    });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`plan refused: ${res.statusCode} ${res.body}`);
    const schedules = (await request({ method: 'GET', url: `${WORKFLOW}/schedules?task=${task.id}&teams=${teamId}` })).json<{ id: number }[]>();
    const found = schedules[0];
    if (!found) throw new Error('no schedule was made');
    return found.id;
  };
  return { businessId: business.id, request, actionIds, schedules: { circle: await scheduleOf(circle), polygon: await scheduleOf(polygon) } };
}

export async function run() {
  if (process.env.GEO_ONLY === 'map') return timeSitesMap();
  console.log(`load average at the start: ${load()}; ${ANSWERS} photo answers to each site, taking turns`);
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-geo-'));
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#6b7d8f' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1600" height="1200"><circle cx="500" cy="400" r="260" fill="#e8e2c8"/><rect x="900" y="500" width="400" height="600" fill="#5a3b22"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  try {
    await withPostgres(POSTGRES_URL, 'bench_geo', async (database) => {
      // The queue is not worked here: the answer path alone is timed, and the checks after it.
      const app = await buildApp({ database, jwtSecret: crypto.randomBytes(32), uploadsDir, webRoot: null, jobs: { work: false } });
      await app.ready();
      try {
        const world = await setUp(app);
        const times: Record<'circle' | 'polygon', number[]> = { circle: [], polygon: [] };
        const answerIds: number[] = [];
        for (let i = 0; i < world.actionIds.length; i++) {
          // Alternate which goes first, so neither always meets a warmer process.
          const order = i % 2 === 0 ? (['circle', 'polygon'] as const) : (['polygon', 'circle'] as const);
          for (const kind of order) {
            const form = multipart({ scheduleId: String(world.schedules[kind]), actionId: String(world.actionIds[i]), ...FIX }, [
              { field: 'file', filename: 'photo.jpg', type: 'image/jpeg', data: photo },
            ]);
            const started = performance.now();
            const res = await world.request({ method: 'POST', url: `${WORKFLOW}/v1/action-results`, payload: form.payload, headers: form.headers });
            times[kind].push(performance.now() - started);
            if (res.statusCode !== 201) throw new Error(`answer refused: ${res.statusCode} ${res.body}`);
            const result = res.json<{ result: { id: number; outside: boolean } }>().result;
            if (result.outside) throw new Error(`the ${kind} site judged the fix outside`);
            answerIds.push(result.id);
          }
        }
        // The checks the answers queued, run here one after another as a worker would.
        const checks: number[] = [];
        for (const answerId of answerIds) {
          const started = performance.now();
          await checkPhoto(app, { businessId: world.businessId, answerId }, () => 100);
          checks.push(performance.now() - started);
        }
        const duplicates = (await app.db.select().from(photoChecks).where(eq(photoChecks.reason, 'DUPLICATE'))).length;

        const row = (label: string, values: number[]) =>
          `${label.padEnd(44)} | ${percentile(values, 50).toFixed(1).padStart(8)} ms | ${percentile(values, 95).toFixed(1).padStart(8)} ms`;
        console.log(`${'answer with a photo, its check queued'.padEnd(44)} |   median |      p95`);
        console.log(row('circle geofence', times.circle));
        console.log(row('50-corner polygon geofence', times.polygon));
        const extra = percentile(times.polygon, 95) - percentile(times.circle, 95);
        console.log(`polygon p95 − circle p95: ${extra.toFixed(1)} ms (goal ≤ ${GOAL_EXTRA_P95_MS} ms): ${extra <= GOAL_EXTRA_P95_MS ? 'met' : 'MISSED'}`);
        console.log(row(`photo check on the queue (off the path), ${checks.length}`, checks));
        console.log(`near duplicates found: ${duplicates} of ${answerIds.length} (the same photo each time: all but the first)`);
        console.log(`load average at the end: ${load()}`);
      } finally {
        await app.close();
      }
    });
  } finally {
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
  if (process.env.GEO_ONLY !== 'answers') await timeSitesMap();
}
