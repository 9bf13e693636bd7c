// PostgreSQL ends the app's connections in the middle of transactions (a restart or a failover
// does that): the requests in flight answer 503 problem+json, the process carries on, and the
// next requests succeed on new connections. Runs on PostgreSQL only (TEST_DATABASE_URL); the
// embedded database has no server to lose.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './client.ts';
import { answerCount, INSIDE, memberAtSite, scheduled, submit } from '../test/answer-test-kit.ts';
import type { Caller } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a database that drops its connections (PostgreSQL)', () => {
  let t: TestApp;
  let owner: Caller;
  let member: Caller;
  let siteId: number;
  let databaseName: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, siteId, member } = await memberAtSite(t.app));
    databaseName = rowsOf<{ name: string }>(await t.app.db.execute('SELECT current_database() AS name'))[0].name;
  });
  afterAll(() => t.close());

  async function adminClient() {
    const url = new URL(adminUrl as string);
    url.pathname = `/${databaseName}`;
    const client = new pg.Client({ connectionString: url.toString() });
    client.on('error', () => {}); // ended with the database when a failing test leaves it open
    await client.connect();
    return client;
  }

  async function waitFor(check: () => Promise<boolean>, what: string) {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('answers 503 to the requests it was serving, stays up, and serves the next ones', async () => {
    const { schedule, actions } = await scheduled({ t, owner, siteId }, member);
    const answer = { scheduleId: String(schedule.id), actionId: String(actions[0].id), value: '"YES"', ...INSIDE };

    // Another session holds the schedule row: each submission waits inside its transaction.
    const holder = await adminClient();
    // (Outside the holder's transaction, which would see one snapshot of the activity throughout.)
    const killer = await adminClient();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM schedules WHERE id = $1 FOR UPDATE', [schedule.id]);
    // (An injected request starts when awaited.)
    const inFlight = Array.from({ length: 4 }, async () => submit(member, answer));
    await waitFor(async () => {
      const { rows } = await killer.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      return rows[0].n === inFlight.length;
    }, 'the submissions to wait on the row');

    // Every connection of the app ends, those lent to the waiting transactions and the idle ones.
    const { rows: ended } = await killer.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid NOT IN ($1, $2)',
      [
        (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid,
        (await killer.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid,
      ],
    );
    expect(ended.length).toBeGreaterThanOrEqual(inFlight.length);

    const answers = await Promise.all(inFlight);
    for (const res of answers) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ status: 503, message: 'Service unavailable. Check back shortly.' });
    }
    await holder.query('ROLLBACK');
    await holder.end();
    await killer.end();

    // New connections, and the work goes on: nothing of the cut transactions was kept.
    expect(await answerCount(t.app.db, schedule.id)).toBe(0);
    const next = await submit(member, answer);
    expect(next.statusCode).toBe(201);
    const list = await member.request({ method: 'GET', url: '/services/workflow/api/schedules/user-schedules' });
    expect(list.statusCode).toBe(200);
    expect(await answerCount(t.app.db, schedule.id)).toBe(1);
  });
});
