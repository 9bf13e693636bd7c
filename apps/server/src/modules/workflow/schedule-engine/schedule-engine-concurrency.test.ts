// Two engines at once on one database: on PostgreSQL (TEST_DATABASE_URL) two separate pools, as
// two server instances would have; on PGlite two concurrent calls on its one connection. And a
// pass shared over several connections makes what one connection makes, with exact rollups.
import { count, countDistinct, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { businesses } from '../../../db/schema.ts';
import { executionPlans, schedules } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, createProjectAndSite, createTask, placeInSite } from '../../../test/factories.ts';
import { materialisePlans, runScheduleEngine } from './schedule-engine.ts';

const MEMBERS = 12;
const ROUNDS = 12;
const HORIZON = 14;
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let second: { db: Db; close(): Promise<void> };
let businessId: number;

/** A member's plan of 2026, daily from 06:00 with a deadline 4 hours later, scheduled long ago. */
const insertDailyPlan = (businessId: number, taskId: number, teamId: number, userId: number) =>
  t.app.db.insert(executionPlans).values({
    businessId,
    taskId,
    teamId,
    userId,
    scheduleType: 'DAILY',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    startTime: '06:00',
    endTime: '24:00',
    deadlineAfter: 4,
    deadlineUnit: 'HOURS',
    scheduledAt: new Date('2020-01-01T00:00:00Z'),
  });

beforeAll(async () => {
  t = await createTestApp();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    // A second instance: its own pool on the same database.
    const result = await t.app.db.execute(sql`select current_database() as name`);
    const [{ name }] = (result as unknown as { rows: { name: string }[] }).rows;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
    second = { db: drizzle(pool) as unknown as Db, close: () => pool.end() };
  } else {
    second = { db: t.app.db, close: async () => {} };
  }

  const owner = await createBusinessWithOwner(t.app);
  businessId = owner.business.id;
  await t.app.db.update(businesses).set({ timeZone: 'America/New_York' }).where(eq(businesses.id, businessId));
  const { site } = await createProjectAndSite(t.app, owner);
  const task = await createTask(t.app, owner);
  for (let i = 0; i < MEMBERS; i++) {
    const member = await addMember(t.app, owner);
    await placeInSite(t.app, owner, site.id, member.userId);
    await insertDailyPlan(businessId, task.id, site.id, member.userId);
  }
}, 120_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const totals = async () => {
  const [row] = await t.app.db
    .select({ n: count(), distinct: countDistinct(sql`(${schedules.planId}, ${schedules.userId}, ${schedules.start})`) })
    .from(schedules)
    .where(eq(schedules.businessId, businessId));
  return row;
};

describe('two engines at once', () => {
  it('create every occurrence exactly once, round after round', async () => {
    // Each round is a day later (crossing the March change in New York), so each adds one new day per plan.
    // 09:00 in New York before the change: today's occurrence (deadline 10:00) is still open.
    const start = Date.parse('2026-03-01T14:00:00Z');
    for (let round = 0; round < ROUNDS; round++) {
      const now = new Date(start + round * DAY);
      const passes = await Promise.all([
        runScheduleEngine(t.app.db, { now, horizonDays: HORIZON }),
        runScheduleEngine(second.db, { now, horizonDays: HORIZON }),
        // Writers materialise their plans without the pass's lock; the unique key keeps them apart.
        materialisePlans(t.app.db, { businessId, now, horizonDays: HORIZON }),
        materialisePlans(second.db, { businessId, now, horizonDays: HORIZON }),
      ]);
      expect(passes[0].ran || passes[1].ran).toBe(true);
    }
    // Today .. today + 14 on the first day (yesterday's deadline has passed), then one more day a round.
    const expected = MEMBERS * (HORIZON + 1 + ROUNDS - 1);
    expect(await totals()).toEqual({ n: expected, distinct: expected });
  });
});

describe('a pass shared over connections', () => {
  it('makes every occurrence of every site once, and the rollups count them exactly', async () => {
    const owner = await createBusinessWithOwner(t.app);
    const task = await createTask(t.app, owner);
    // Five sites, so that every share of three has some, each with two members' daily plans.
    for (let i = 0; i < 5; i++) {
      const { site } = await createProjectAndSite(t.app, owner);
      for (let j = 0; j < 2; j++) {
        const member = await addMember(t.app, owner);
        await placeInSite(t.app, owner, site.id, member.userId);
        await insertDailyPlan(owner.business.id, task.id, site.id, member.userId);
      }
    }
    const now = new Date('2026-06-01T02:00:00Z');
    const pass = await runScheduleEngine(t.app.db, { now, horizonDays: 6, connections: 3 });
    const made = await t.app.db.select({ n: count() }).from(schedules).where(eq(schedules.businessId, owner.business.id));
    // 10 plans, each today .. today + 6 (UTC business; 06:00 today is still ahead).
    expect(made[0].n).toBe(70);
    expect(pass.created).toBeGreaterThanOrEqual(70);
    // A second pass, split or not, adds nothing.
    expect((await runScheduleEngine(t.app.db, { now, horizonDays: 6, connections: 2 })).created).toBe(0);
    const diff = (
      (await t.app.db.execute(sql`
        with counted as (
          select s.team_id, s.task_id, s.group_id, (s.start at time zone 'UTC')::date as day, count(*)::int as total
          from schedules s where s.business_id = ${owner.business.id} group by 1, 2, 3, 4),
        kept as (
          select team_id, task_id, group_id, period as day, total from report_schedules_by_site
          where business_id = ${owner.business.id} and grain = 'D' and total <> 0)
        (select * from counted except select * from kept) union all (select * from kept except select * from counted)`)) as unknown as {
        rows: unknown[];
      }
    ).rows;
    expect(diff).toEqual([]);
  });
});
