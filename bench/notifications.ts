// Notifications at scale: plans given to 10,000 members on PostgreSQL, with two instances working
// the job queue, and every e-mail counted at a real SMTP server in this process.
//
// Two phases side by side in one run, each 20 requests creating a plan for 500 members:
// - without notifications: no instance works the queue, so the requests run alone;
// - with: both instances fan the plans out and send the 10,000 e-mails while the requests run.
// Goals: every member gets exactly one message, the last within 60 s of the first request; the
// assigning request's p95 no more than 10 ms above the same request without notifications.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import { businessMembers, projects, teamMembers, teams, users } from '../apps/server/src/db/schema.ts';
import { tasks } from '../apps/server/src/db/schema-workflow.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { createBusinessFor } from '../apps/server/src/modules/main/onboarding/onboarding.service.ts';
import { startSmtp } from '../apps/server/src/test/smtp-kit.ts';
import { withPostgres } from './lib/bench-database.ts';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MEMBERS = 10_000;
const PER_PLAN = 500;
const GOALS = { lastWithinMs: 60_000, extraP95Ms: 10 };

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const goal = (ok: boolean) => (ok ? 'met' : 'MISSED');
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

/** A business owner, signed in: `request` sends their token and the business's key. */
interface Caller {
  business: { id: number; apiKey: string };
  token: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (row === undefined) throw new Error('an insert returns its row');
  return row;
};

/** The business, its owner, a site and a task, straight into the database; the owner signs in. */
async function setUp(app: FastifyInstance) {
  const passwordHash = await hashPassword('bench-pass-123');
  const user = one(
    await app.db
      .insert(users)
      .values({ username: 'benchowner', email: 'owner@bench.test', fullName: 'Bench Owner', passwordHash, activated: true })
      .returning(),
  );
  const business = await createBusinessFor(app.db, user.id, { name: 'Bench Cleaning' });
  const project = one(await app.db.insert(projects).values({ businessId: business.id, name: 'Bench project' }).returning());
  const site = one(await app.db.insert(teams).values({ businessId: business.id, projectId: project.id, name: 'Bench site' }).returning());
  const task = one(await app.db.insert(tasks).values({ businessId: business.id, creatorId: user.id, nameEn: 'Night round' }).returning());
  const signedIn = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: user.username, password: 'bench-pass-123' } });
  const token = signedIn.json<{ id_token: string }>().id_token;
  return { owner: callerOn(app, business, token), site, task };
}

const callerOn = (app: FastifyInstance, business: { id: number; apiKey: string }, token: string): Caller => ({
  business,
  token,
  request: (options) => app.inject({ ...options, headers: { authorization: `Bearer ${token}`, 'x-api-key': business.apiKey, ...(options.headers ?? {}) } }),
});

async function addMembers(app: FastifyInstance, owner: Caller, siteId: number, prefix: string) {
  const passwordHash = await hashPassword('bench-pass-123');
  const ids: number[] = [];
  for (let at = 0; at < MEMBERS; at += 1000) {
    const made = await app.db
      .insert(users)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          username: `${prefix}${at + i}`,
          email: `${prefix}${at + i}@example.com`,
          fullName: `Member ${at + i}`,
          passwordHash,
          activated: true,
        })),
      )
      .returning({ id: users.id });
    await app.db.insert(businessMembers).values(made.map((u) => ({ businessId: owner.business.id, userId: u.id, role: 'MEMBER' as const })));
    await app.db.insert(teamMembers).values(made.map((u) => ({ businessId: owner.business.id, teamId: siteId, userId: u.id, authority: 'MEMBER' as const })));
    ids.push(...made.map((u) => u.id));
  }
  return ids;
}

/** 20 plans of 500 members each, one after another; the time each request took. */
async function assign(owner: Caller, taskId: number, siteId: number, memberIds: number[]) {
  const times: number[] = [];
  const today = new Date().toISOString().slice(0, 10);
  for (let at = 0; at < memberIds.length; at += PER_PLAN) {
    const started = performance.now();
    const res = await owner.request({
      method: 'POST',
      url: '/services/workflow/api/v1/execution-plans/assignType/GROUP/create',
      payload: {
        taskId,
        teamId: siteId,
        userIds: memberIds.slice(at, at + PER_PLAN),
        scheduleType: 'ONCE',
        startDate: today,
        startTime: '06:00',
        endTime: '24:00',
        deadlineAfter: 1,
        deadlineUnit: 'DAYS',
      },
    });
    times.push(performance.now() - started);
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`plan refused: ${res.statusCode} ${res.body}`);
  }
  return times;
}

export async function run() {
  console.log(`load average at the start: ${load()}`);
  const smtp = await startSmtp();
  const jwtSecret = crypto.randomBytes(32);
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-notify-'));
  const mail = { smtpUrl: smtp.url, from: 'Bench <bench@example.com>', appUrl: 'http://bench.test' };
  try {
    await withPostgres(POSTGRES_URL, 'bench_notify', async (database, url) => {
      const build = (db: Database, work: boolean) => buildApp({ database: db, jwtSecret, uploadsDir, webRoot: null, jobs: { work, mail } });

      // Without notifications: nobody works the queue.
      const quiet = await build(database, false);
      await quiet.ready();
      const { owner, site, task } = await setUp(quiet);
      const first = await addMembers(quiet, owner, site.id, 'quiet');
      const second = await addMembers(quiet, owner, site.id, 'crew');
      await assign(owner, task.id, site.id, first.slice(0, PER_PLAN)); // warm-up
      const without = await assign(owner, task.id, site.id, first);
      await quiet.close();
      // What the quiet phase queued is not part of the measured delivery.
      await database.db.execute(sql`delete from pgboss.job`);
      await database.db.execute(sql`update events set handled_at = now() where handled_at is null`);

      // With notifications: two instances on the one database work the queue.
      const otherDatabase = await openDatabase({ url });
      const a = await build(database, true);
      const b = await build(otherDatabase, true);
      await Promise.all([a.ready(), b.ready()]);
      const ownerOnA = {
        ...owner,
        request: (o: Parameters<Caller['request']>[0]) =>
          a.inject({ ...o, headers: { authorization: `Bearer ${owner.token}`, 'x-api-key': owner.business.apiKey, ...(o.headers ?? {}) } }),
      };
      const received = () => smtp.received.length;
      const startedAt = performance.now();
      const withNotifications = await assign(ownerOnA, task.id, site.id, second);
      await smtp.waitFor(MEMBERS, 180_000).catch(() => {});
      const lastAt = performance.now() - startedAt;
      await new Promise((r) => setTimeout(r, 3000));
      const recipients = smtp.received.map((m) => m.to.join(','));
      const distinct = new Set(recipients).size;
      const dead = Number(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pgboss.job where state = 'failed'`))[0]!.n);
      await Promise.all([a.close(), b.close()]);
      await otherDatabase.close();

      const p95Without = percentile(without, 95);
      const p95With = percentile(withNotifications, 95);
      const onceEach = received() === MEMBERS && distinct === MEMBERS;
      console.log(`\n| figure | value | goal |`);
      console.log(`|---|---|---|`);
      console.log(`| e-mails received | ${received()} (${distinct} members) | ${MEMBERS}, one each: ${goal(onceEach)} |`);
      console.log(`| failed jobs | ${dead} | 0: ${goal(dead === 0)} |`);
      console.log(`| last e-mail after the first request | ${(lastAt / 1000).toFixed(1)} s | ≤ 60 s: ${goal(onceEach && lastAt <= GOALS.lastWithinMs)} |`);
      console.log(
        `| assigning request p50, without / with notifications | ${percentile(without, 50).toFixed(0)} / ${percentile(withNotifications, 50).toFixed(0)} ms | |`,
      );
      console.log(`| assigning request p95, without notifications | ${p95Without.toFixed(0)} ms | |`);
      console.log(
        `| assigning request p95, with notifications | ${p95With.toFixed(0)} ms | ≤ ${(p95Without + GOALS.extraP95Ms).toFixed(0)} ms: ${goal(p95With <= p95Without + GOALS.extraP95Ms)} |`,
      );
      console.log(`load average at the end: ${load()}`);
    });
  } finally {
    await smtp.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
}
