// An upgrade keeps everyone signed in. The previous release's PostgreSQL database and data
// directory are kept as a fixture (test/fixtures/previous-release: a database dump, the token
// secret that release generated in its data directory, and a token it issued to a remember-me
// session, made to last until 2099). This release starts on them, migrates, and the token still
// works, also on an instance started later from another directory or machine; a phone's queued
// answer goes through with it. PostgreSQL only (TEST_DATABASE_URL).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Business, BusinessIdentity } from '@fieldops/shared/account';
import { buildApp } from './app.ts';
import { openDatabase, type Database } from './db/client.ts';
import { businesses } from './db/schema.ts';
import { callerFor, createAction, createProjectAndSite, createScheduleRow, createTask, multipart } from './test/factories.ts';
import { startServer, type ServerProcess } from './test/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const FIXTURE = path.join(import.meta.dirname, 'test', 'fixtures', 'previous-release');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURE, name));

describe.skipIf(!adminUrl)('an upgrade from the previous release on PostgreSQL', () => {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const dirs: string[] = [];
  const running: ServerProcess[] = [];
  let database: Database | undefined;
  let setup: FastifyInstance | undefined;
  afterAll(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    await setup?.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = (withSecret: boolean) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-'));
    dirs.push(dir);
    if (withSecret) fs.writeFileSync(path.join(dir, 'jwt-secret'), fixture('jwt-secret'), { mode: 0o600 });
    return dir;
  };

  it('keeps the sessions it finds, on every instance, and takes the answers phones had queued', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const restore = new pg.Client({ connectionString: url.toString() });
    await restore.connect();
    await restore.query(zlib.gunzipSync(fixture('database.sql.gz')).toString('utf8'));
    await restore.end();

    const token = fixture('token').toString('utf8').trim();
    const account = (server: ServerProcess) => fetch(`${server.url}/api/v1/account`, { headers: { authorization: `Bearer ${token}` } });

    // The new release in place of the old, on its data directory.
    const first = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir(true) });
    running.push(first);
    expect((await account(first)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Then started from elsewhere: a new directory, another machine, a new container.
    const elsewhere = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir(false) });
    running.push(elsewhere);
    const res = await account(elsewhere);
    expect(res.status).toBe(200);
    const me = (await res.json()) as { id: number; username: string; businessIdentities: BusinessIdentity[] };
    expect(me.username).toBe('before.upgrade');
    expect(me.businessIdentities.map((b) => b.businessName)).toEqual(['Kept Through Upgrades']);

    // A schedule open now for the person, then the answer their phone had queued, with its key.
    database = await openDatabase({ url: url.toString() });
    setup = await buildApp({ database, jwtSecret: fixture('jwt-secret'), uploadsDir: dataDir(false) });
    await setup.ready();
    const [identity] = me.businessIdentities;
    const [row] = await database.db.select().from(businesses).where(eq(businesses.id, identity.businessId));
    const business: Business = { ...row, logo: null, ownershipType: identity.role, managedProfile: false };
    const owner = callerFor(setup, { id: me.id, username: me.username }, token, business);
    const { site } = await createProjectAndSite(setup, owner);
    const task = await createTask(setup, owner, { geoRestrictionEnabled: false });
    const action = await createAction(setup, owner, task.id);
    const schedule = await createScheduleRow(database.db, { businessId: business.id, taskId: task.id, teamId: site.id, userId: me.id });
    const form = multipart({ scheduleId: String(schedule.id), actionId: String(action.id), value: '"YES"' });
    const queued = await fetch(`${elsewhere.url}/services/workflow/api/v1/action-results`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${token}`, 'x-api-key': business.apiKey, 'idempotency-key': crypto.randomUUID() },
      body: form.payload,
    });
    expect(queued.status, await queued.clone().text()).toBe(201);
  }, 120_000);
});
