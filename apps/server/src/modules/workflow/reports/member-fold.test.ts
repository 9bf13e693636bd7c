// The fold of the member rollup's changes into its month-to-date rows: the app runs it in the
// background, and one fold at a time goes ahead across instances. Its arithmetic is proved
// exact in rollups.test.ts.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { businesses } from '../../../db/schema.ts';
import { schedules } from '../../../db/schema-schedules.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, createPlanRow, createProjectAndSite, createTask, placeInSite } from '../../../test/factories.ts';
import { foldMemberChanges } from './member-fold.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ memberFold: { intervalMs: 20 } });
});
afterAll(async () => {
  await t.close();
});

/** A member's plan and `days` schedules on it, one at noon UTC on each of those days. */
async function scheduleOn(days: string[]) {
  const owner = await createBusinessWithOwner(t.app);
  const businessId = owner.business.id;
  await t.app.db.update(businesses).set({ timeZone: 'UTC' }).where(eq(businesses.id, businessId));
  const { site } = await createProjectAndSite(t.app, owner);
  const member = await addMember(t.app, owner);
  await placeInSite(t.app, owner, site.id, member.userId);
  const task = await createTask(t.app, owner);
  const plan = await createPlanRow(t.app.db, { businessId, taskId: task.id, teamId: site.id, userId: member.userId, scheduleType: 'DAILY' });
  await t.app.db.insert(schedules).values(
    days.map((day) => {
      const start = new Date(`${day}T12:00:00Z`);
      return {
        businessId,
        planId: plan.id,
        groupId: plan.groupId,
        taskId: task.id,
        teamId: site.id,
        userId: member.userId,
        start,
        end: new Date(start.getTime() + 3_600_000),
        deadline: new Date(start.getTime() + 7_200_000),
        status: 'pending' as const,
      };
    }),
  );
  return businessId;
}

const changesOf = async (businessId: number) =>
  Number(
    rowsOf<{ n: unknown }>(await t.app.db.execute(sql`select count(*) as n from report_schedules_by_member_changes where business_id = ${businessId}`))[0].n,
  );

const toDateOf = async (businessId: number) =>
  rowsOf<{ day: string; total: number }>(
    await t.app.db.execute(sql`select day::text as day, total from report_schedules_by_member_to_date where business_id = ${businessId} order by day`),
  );

describe('member rollup fold', () => {
  it('runs in the app: the changes become month-to-date rows soon after they are written', async () => {
    const businessId = await scheduleOn(['2025-03-03', '2025-03-10', '2025-03-20', '2025-04-02']);
    const deadline = Date.now() + 10_000;
    while ((await changesOf(businessId)) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await changesOf(businessId)).toBe(0);
    const rows = await toDateOf(businessId);
    // 3 to 31 March, then 2 to 30 April: a row for every day from the first changed one.
    expect(rows).toHaveLength(29 + 29);
    const totalOn = (day: string) => rows.find((r) => r.day === day)?.total;
    expect([totalOn('2025-03-03'), totalOn('2025-03-09'), totalOn('2025-03-10'), totalOn('2025-03-31'), totalOn('2025-04-02'), totalOn('2025-04-30')]).toEqual([
      1, 1, 2, 3, 1, 1,
    ]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('goes ahead on one instance at a time: another skips while one folds', async () => {
    const [{ name }] = rowsOf<{ name: string }>(await t.app.db.execute(sql`select current_database() as name`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      // The other instance's fold is under way: it holds the lock in its transaction. This
      // instance's folds (the call here and its background round) take nothing meanwhile.
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(491344850020)');
      const businessId = await scheduleOn(['2025-05-06']);
      expect(await foldMemberChanges(t.app.db)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await changesOf(businessId)).toBe(1);
      await other.query('commit');
      await foldMemberChanges(t.app.db);
      expect(await changesOf(businessId)).toBe(0);
      expect((await toDateOf(businessId)).map((r) => r.total)).toEqual(Array(26).fill(1));
    } finally {
      await other.end();
    }
  });
});
