// Webhooks at scale: 1,000 events (tickets created through the API, half on each instance) sent to
// three endpoints, with two app instances on one PostgreSQL database working the job queue and
// three real receivers in this process verifying every signature.
// Goals: every delivery exactly once (each (event, endpoint) received once: none missing, no
// duplicate), and the p95 from the event (its timestamp) to its receipt under 2 s. Then the audited
// request path beside the same path without its audit entry (bench/audited-path.ts): at most 1 ms
// slower at p95.
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names the PostgreSQL server; a database of its own is made.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import { projects, teams, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { createBusinessFor } from '../apps/server/src/modules/main/onboarding/onboarding.service.ts';
import { startReceiver, type Receiver } from '../apps/server/src/test/webhook-receiver.ts';
import { withPostgres } from './lib/bench-database.ts';
import { runAuditedPath } from './audited-path.ts';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const EVENTS = 1000;
const ENDPOINTS = 3;
/** Tickets created at once (requests in flight). */
const CONCURRENCY = 8;
const GOALS = { p95Ms: 2000 };

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const goal = (ok: boolean) => (ok ? 'met' : 'MISSED');
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

async function setUp(app: FastifyInstance) {
  const passwordHash = await hashPassword('bench-pass-123');
  const [user] = await app.db
    .insert(users)
    .values({ username: 'hookowner', email: 'hooks@bench.test', fullName: 'Bench Owner', passwordHash, activated: true })
    .returning();
  const business = await createBusinessFor(app.db, user!.id, { name: 'Bench Hooks' });
  const [project] = await app.db.insert(projects).values({ businessId: business.id, name: 'Bench project' }).returning();
  const [site] = await app.db.insert(teams).values({ businessId: business.id, projectId: project!.id, name: 'Bench site' }).returning();
  const signedIn = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: user!.username, password: 'bench-pass-123' } });
  const token = signedIn.json<{ id_token: string }>().id_token;
  const headers = { authorization: `Bearer ${token}`, 'x-api-key': business.apiKey };
  return { headers, siteId: site!.id };
}

export async function run() {
  console.log(`load average at the start: ${load()}`);
  const receivers: Receiver[] = await Promise.all(Array.from({ length: ENDPOINTS }, () => startReceiver()));
  const jwtSecret = crypto.randomBytes(32);
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hooks-'));
  try {
    await withPostgres(POSTGRES_URL, 'bench_webhooks', async (database, url) => {
      const build = (db: Database) =>
        buildApp({
          database: db,
          jwtSecret,
          uploadsDir,
          webRoot: null,
          jobs: { work: true, mailTransport: null, push: null },
          webhooks: { allowPrivateHosts: true },
        });
      const otherDatabase = await openDatabase({ url });
      const a = await build(database);
      const b = await build(otherDatabase);
      await Promise.all([a.ready(), b.ready()]);
      const { headers, siteId } = await setUp(a);
      for (const [i, receiver] of receivers.entries()) {
        const res = await a.inject({
          method: 'POST',
          url: '/api/v1/webhooks',
          headers,
          payload: { url: receiver.url(`/hook-${i}`), eventKinds: ['ticket.created'] },
        });
        if (res.statusCode !== 201) throw new Error(`endpoint refused: ${res.statusCode} ${res.body}`);
        receiver.secrets(`/hook-${i}`, res.json<{ secret: string }>().secret);
      }

      const started = performance.now();
      let next = 0;
      const createOne = async (app: FastifyInstance) => {
        for (let n = next++; n < EVENTS; n = next++) {
          const res = await app.inject({
            method: 'POST',
            url: '/services/helpdesk/api/v1/tickets',
            headers,
            payload: { title: `Bench ticket ${n}`, description: 'Made by the webhooks bench', teamId: siteId },
          });
          if (res.statusCode !== 201) throw new Error(`ticket refused: ${res.statusCode} ${res.body}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => createOne(i % 2 === 0 ? a : b)));
      const createdIn = performance.now() - started;
      const expected = EVENTS * ENDPOINTS;
      const total = () => receivers.reduce((sum, r) => sum + r.received.length, 0);
      const deadline = Date.now() + 180_000;
      while (total() < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      // Time for a duplicate to arrive, if any would.
      await new Promise((r) => setTimeout(r, 3000));
      const allIn = performance.now() - started;

      const perPair = new Map<string, number>();
      const latencies: number[] = [];
      let unverified = 0;
      for (const [i, receiver] of receivers.entries()) {
        for (const got of receiver.received) {
          const payload = JSON.parse(got.body) as { timestamp: string; data: { target: { id: number } } };
          const key = `${payload.data.target.id}:${i}`;
          perPair.set(key, (perPair.get(key) ?? 0) + 1);
          latencies.push(got.at - new Date(payload.timestamp).getTime());
          if (!got.verified) unverified++;
        }
      }
      const duplicates = [...perPair.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
      const missing = expected - perPair.size;
      const [rows] = rowsOf<{ deliveries: number; dead: number }>(
        await database.db.execute(sql`
          select (select count(*)::int from webhook_deliveries) as deliveries,
                 (select count(*)::int from pgboss.job where state = 'failed') as dead`),
      );
      await Promise.all([a.close(), b.close()]);
      await otherDatabase.close();

      const p95 = percentile(latencies, 95);
      const once = duplicates === 0 && missing === 0;
      console.log(
        `\n${EVENTS} events to ${ENDPOINTS} endpoints through two instances; tickets made in ${(createdIn / 1000).toFixed(1)} s, all received after ${((allIn - 3000) / 1000).toFixed(1)} s`,
      );
      console.log(`\n| figure | value | goal |`);
      console.log(`|---|---|---|`);
      console.log(`| (event, endpoint) pairs received | ${perPair.size} of ${expected} | every one: ${goal(missing === 0)} |`);
      console.log(`| duplicates | ${duplicates} | 0: ${goal(duplicates === 0)} |`);
      console.log(`| missing | ${missing} | 0: ${goal(missing === 0)} |`);
      console.log(`| exactly once | ${once ? 'yes' : 'no'} | yes: ${goal(once)} |`);
      console.log(`| delivery rows | ${rows?.deliveries ?? '?'} | ${expected}: ${goal(rows?.deliveries === expected)} |`);
      console.log(`| signatures not verified | ${unverified} | 0: ${goal(unverified === 0)} |`);
      console.log(`| failed jobs | ${rows?.dead ?? '?'} | 0: ${goal(rows?.dead === 0)} |`);
      console.log(`| event → delivery p50 | ${percentile(latencies, 50).toFixed(0)} ms | |`);
      console.log(`| event → delivery p95 | ${p95.toFixed(0)} ms | < ${GOALS.p95Ms} ms: ${goal(p95 < GOALS.p95Ms)} |`);
      console.log(`| event → delivery max | ${percentile(latencies, 100).toFixed(0)} ms | |`);
      console.log(`load average at the end: ${load()}`);
    });
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
  // The third goal: what the audit log adds to a change's request path (bench/audited-path.ts).
  await runAuditedPath();
}
