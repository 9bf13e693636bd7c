// Two server processes on one PostgreSQL database and one S3-compatible object store, as behind a
// load balancer, with a client going back and forth between them: they behave as one app.
// PostgreSQL only (TEST_DATABASE_URL); the object store starts here, on loopback.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { MIGRATIONS_FOLDER, openDatabase, rowsOf, type Database } from './db/client.ts';
import { INSIDE, memberAtSite } from './test/answer-test-kit.ts';
import { openFeed, type Feed } from './modules/workflow/live-feed/live-feed-test-kit.ts';
import { IMAGES, PASSWORD, addMember, createAction, createPlan, createScheduleRow, createTask, type Caller } from './test/factories.ts';
import { startS3Server, type S3TestServer } from './test/s3-server.ts';
import { startServer, type ServerProcess } from './test/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const ENGINE_RUN_MS = 60_000;

describe.skipIf(!adminUrl)('two instances on one PostgreSQL and one object store', () => {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const secret = crypto.randomBytes(32).toString('hex');
  const dirs: string[] = [];
  const feeds: Feed[] = [];
  let s3: S3TestServer;
  let a: ServerProcess;
  let b: ServerProcess;
  let startedAt: number;
  let database: Database;
  let setup: FastifyInstance;
  let owner: Caller;
  let member: Caller;
  let siteId: number;

  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instance-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    s3 = await startS3Server();
    // Each with a data directory of its own (nothing on disk is shared), started at the same
    // moment on the empty database.
    const env = { DATABASE_URL: url.toString(), JWT_SECRET: secret, SCHEDULE_ENGINE_INTERVAL_MS: '1000', ...s3.env };
    [a, b] = await Promise.all([startServer({ ...env, DATA_DIR: tempDir() }), startServer({ ...env, DATA_DIR: tempDir() })]);
    startedAt = Date.now();

    // The business is set up directly on the database, through an app of the test's own.
    database = await openDatabase({ url: url.toString() });
    setup = await buildApp({ database, jwtSecret: new TextEncoder().encode(secret), uploadsDir: tempDir() });
    await setup.ready();
    ({ owner, siteId, member } = await memberAtSite(setup));
    // Plans the two schedule engines keep materialising, both at once, while the tests run.
    const task = await createTask(setup, owner, { geoRestrictionEnabled: false });
    await createAction(setup, owner, task.id);
    await createPlan(owner, { taskId: task.id, teamId: siteId, userIds: [member.userId] });
    await createPlan(owner, { taskId: task.id, teamId: siteId, userIds: [member.userId], scheduleType: 'WEEKLY', days: [1, 4] });
  }, 120_000);

  afterAll(async () => {
    for (const feed of feeds) feed.close();
    a?.child.kill('SIGKILL');
    b?.child.kill('SIGKILL');
    await setup?.close();
    await database?.close();
    await s3?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const headers = (token: string, apiKey?: string): Record<string, string> => ({
    authorization: `Bearer ${token}`,
    ...(apiKey ? { 'x-api-key': apiKey } : {}),
  });
  const signIn = (server: ServerProcess, username: string, password = PASSWORD) =>
    fetch(`${server.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  const tokenFrom = async (res: Response) => ((await res.json()) as { id_token: string }).id_token;

  it('migrated the empty database once, though both started on it at the same moment', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const [{ n }] = rowsOf<{ n: number }>(await database.db.execute('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'));
    expect(n).toBe(journal.entries.length);
  });

  it('signs in on one and works on the other', async () => {
    const token = await tokenFrom(await signIn(a, owner.username));
    const created = await fetch(`${b.url}/services/workflow/api/v1/tags`, {
      method: 'POST',
      headers: { ...headers(token, owner.business.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ nameEn: 'Made on B', nameAr: 'على ب' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const read = await fetch(`${a.url}/services/workflow/api/v1/tags/${id}`, { headers: headers(token, owner.business.apiKey) });
    expect(read.status).toBe(200);
  });

  it('counts wrong passwords on both toward one lock', async () => {
    const someone = await addMember(setup, owner);
    for (const server of [a, b, a, b, a, b, a, b, a, b]) expect((await signIn(server, someone.username, 'not-the-password')).status).toBe(401);
    // Ten failures in all: the right password is refused now, on either.
    expect((await signIn(a, someone.username)).status).toBe(429);
    expect((await signIn(b, someone.username)).status).toBe(429);
  });

  it('ends on the other a session signed out on one', async () => {
    const token = await tokenFrom(await signIn(b, member.username));
    expect((await fetch(`${b.url}/api/v1/account`, { headers: headers(token) })).status).toBe(200);
    expect((await fetch(`${a.url}/api/v1/logout`, { method: 'POST', headers: headers(token) })).status).toBeLessThan(300);
    expect((await fetch(`${b.url}/api/v1/account`, { headers: headers(token) })).status).toBe(401);
  });

  it('serves from the other a photo answered through one, and a viewer on the other sees the answer', async () => {
    const task = await createTask(setup, owner, { geoRestrictionEnabled: false });
    const action = await createAction(setup, owner, task.id, { type: 'PHOTO', required: true });
    const schedule = await createScheduleRow(setup.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
    const feed = await openFeed(b.url, owner);
    feeds.push(feed);

    const memberToken = await tokenFrom(await signIn(a, member.username));
    const form = new FormData();
    form.set('scheduleId', String(schedule.id));
    form.set('actionId', String(action.id));
    form.set('latitude', INSIDE.latitude);
    form.set('longitude', INSIDE.longitude);
    form.set('file', new Blob([IMAGES.png], { type: 'image/png' }), 'photo.png');
    const answered = await fetch(`${a.url}/services/workflow/api/v1/action-results`, {
      method: 'POST',
      headers: headers(memberToken, member.business.apiKey),
      body: form,
    });
    expect(answered.status).toBe(201);
    const { result } = (await answered.json()) as { result: { id: number; file: string } };

    const photo = await fetch(`${b.url}${new URL(result.file, a.url).pathname}${new URL(result.file, a.url).search}`);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(IMAGES.png)).toBe(true);

    const seen = await feed.nextAnswer(10_000);
    expect(seen?.id).toBe(result.id);
  });

  it(
    'made no duplicate schedule with both engines running for a minute',
    async () => {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, ENGINE_RUN_MS - (Date.now() - startedAt))));
      const [counts] = rowsOf<{ schedules: number; duplicates: number }>(
        await database.db.execute(`
        SELECT count(*)::int AS schedules,
               (SELECT count(*)::int FROM (SELECT 1 FROM schedules GROUP BY plan_id, user_id, start HAVING count(*) > 1) d) AS duplicates
        FROM schedules`),
      );
      expect(counts.schedules).toBeGreaterThan(0);
      expect(counts.duplicates).toBe(0);
      // Both still up, neither reporting a failed pass.
      for (const server of [a, b]) {
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        expect(server.output()).not.toMatch(/schedule engine.*fail/i);
      }
    },
    ENGINE_RUN_MS + 30_000,
  );

  // Last: the wave leaves this address refused for every account for the rest of the window.
  it('holds a wave of 200 guesses split across both to 10 checked', async () => {
    const someone = await addMember(setup, owner);
    const wave = await Promise.all(Array.from({ length: 200 }, (_, i) => signIn(i % 2 ? a : b, someone.username, `guess-${i}`)));
    const statuses = wave.map((res) => res.status);
    // A 503 is a request a busy machine kept waiting for the database too long: never checked.
    expect(statuses.filter((status) => ![401, 429, 503].includes(status))).toEqual([]);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
  });
});
