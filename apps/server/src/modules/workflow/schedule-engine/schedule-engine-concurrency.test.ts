// Two engines at once on one database: on PostgreSQL (TEST_DATABASE_URL) two separate pools, as
// two server instances would have; on PGlite two concurrent calls on its one connection.
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
    await t.app.db.insert(executionPlans).values({
      businessId,
      taskId: task.id,
      teamId: site.id,
      userId: member.userId,
      scheduleType: 'DAILY',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      startTime: '06:00',
      endTime: '24:00',
      deadlineAfter: 4,
      deadlineUnit: 'HOURS',
      scheduledAt: new Date('2020-01-01T00:00:00Z'),
    });
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
