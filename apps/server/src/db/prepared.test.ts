// Prepared statements answer the rows Drizzle's own query answers: the same keys in the same
// order, each value decoded the same way (timestamps as dates, dates as text, counts through
// their mappers, nulls as null), on the embedded database and on PostgreSQL.
import { count, eq, gte, Param, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createBusinessWithOwner, createPlanRow, createProjectAndSite, createTask, type Caller } from '../test/factories.ts';
import { hasRoomFor, prepared, preparedSql, readBoth } from './prepared.ts';
import { executionPlans } from './schema-schedules.ts';
import { tags, tasks } from './schema-workflow.ts';

let t: TestApp;
let owner: Caller;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
  const { site } = await createProjectAndSite(t.app, owner);
  const [tag] = await t.app.db.insert(tags).values({ businessId: owner.business.id, nameEn: 'Safety', nameAr: 'السلامة' }).returning();
  const first = await createTask(t.app, owner, { nameEn: 'With a tag', nameAr: null, tagId: tag!.id, geoRestrictionEnabled: true });
  await createTask(t.app, owner, { nameEn: 'Without', descriptionEn: 'quote " and \\ back', tagId: null });
  await createPlanRow(t.app.db, { businessId: owner.business.id, taskId: first.id, teamId: site.id, startDate: '2026-11-01', endDate: null });
});
afterAll(() => t.close());

const flatSelect = () =>
  t.app.db
    .select({
      id: tasks.id,
      nameEn: tasks.nameEn,
      nameAr: tasks.nameAr,
      descriptionEn: tasks.descriptionEn,
      geo: tasks.geoRestrictionEnabled,
      createdAt: tasks.createdAt,
      tagNameAr: tags.nameAr,
      startDate: executionPlans.startDate,
      endDate: executionPlans.endDate,
      plans: sql<number>`(select count(*) from ${executionPlans} where ${executionPlans.taskId} = ${tasks.id})`.mapWith(Number),
      twice: sql<number>`${tasks.id} * 2`.as('twice'),
      raw: sql<string>`'2026-01-02'::date`,
    })
    .from(tasks)
    .leftJoin(tags, eq(tags.id, tasks.tagId))
    .leftJoin(executionPlans, eq(executionPlans.taskId, tasks.id))
    .where(eq(tasks.businessId, sql.placeholder('businessId')))
    .orderBy(tasks.id);

describe('prepared statements', () => {
  it('map flat rows with a mapper of their own, exactly as Drizzle maps them', async () => {
    const statement = prepared(t.app.db, 'prepared-test:flat', () => flatSelect());
    expect((statement as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
    const mine = await statement.execute({ businessId: owner.business.id });
    const drizzles = await flatSelect().execute({ businessId: owner.business.id });
    expect(mine).toHaveLength(2);
    expect(mine).toEqual(drizzles);
    // toEqual ignores key order; the answer's JSON does not.
    expect(mine.map((row) => Object.keys(row))).toEqual(drizzles.map((row) => Object.keys(row)));
    expect(mine[0]!.createdAt).toBeInstanceOf(Date);
    expect(mine[0]!.startDate).toBe('2026-11-01');
    expect(mine[1]!.startDate).toBeNull();
    expect(mine[0]!.plans).toBe(1);
    expect(typeof mine[0]!.twice).toBe(typeof drizzles[0]!.twice);
  });

  it('leave nested selections to Drizzle, which turns an all-null joined table into null', async () => {
    const nested = () =>
      t.app.db
        .select({ id: tasks.id, tag: { id: tags.id, nameEn: tags.nameEn }, total: count() })
        .from(tasks)
        .leftJoin(tags, eq(tags.id, tasks.tagId))
        .where(eq(tasks.businessId, sql.placeholder('businessId')))
        .groupBy(tasks.id, tags.id)
        .orderBy(tasks.id);
    const statement = prepared(t.app.db, 'prepared-test:nested', nested);
    expect((statement as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    const rows = await statement.execute({ businessId: owner.business.id });
    expect(rows).toEqual(await nested().execute({ businessId: owner.business.id }));
    expect(rows[1]!.tag).toBeNull();
  });

  it("run without Drizzle's execute, with placeholders encoded by their column and raw answers as the driver gives them", async () => {
    // A Date placeholder compared with a timestamp column goes through the column's encoder.
    const since = () =>
      t.app.db
        .select({ id: tasks.id, createdAt: tasks.createdAt })
        .from(tasks)
        .where(sql`${eq(tasks.businessId, sql.placeholder('businessId'))} and ${gte(tasks.createdAt, sql.placeholder('since'))}`)
        .orderBy(tasks.id);
    const statement = prepared(t.app.db, 'prepared-test:since', since);
    expect(Object.prototype.hasOwnProperty.call(statement, 'execute')).toBe(true);
    const values = { businessId: owner.business.id, since: new Date(Date.now() - 3_600_000) };
    const mine = await statement.execute(values);
    expect(mine).toHaveLength(2);
    expect(mine).toEqual(await since().execute(values));
    expect(await statement.execute({ ...values, since: new Date(Date.now() + 3_600_000) })).toEqual([]);

    const raw = preparedSql(t.app.db, 'prepared-test:raw', () => sql`select ${sql.placeholder('n')}::int + 1 as next, now() as at, '2026-01-02'::date as day`);
    expect(Object.prototype.hasOwnProperty.call(raw, 'execute')).toBe(true);
    const answer = (await raw.execute({ n: 41 })) as { rows: { next: number; at: unknown; day: unknown }[] };
    const drizzles = (await t.app.db.execute(sql`select ${41}::int + 1 as next, now() as at, '2026-01-02'::date as day`)) as unknown as {
      rows: { next: number; at: unknown; day: unknown }[];
    };
    expect(answer.rows[0]!.next).toBe(42);
    // Timestamps and dates stay text, as Drizzle's own statements keep them.
    expect(typeof answer.rows[0]!.at).toBe(typeof drizzles.rows[0]!.at);
    expect(answer.rows[0]!.day).toBe('2026-01-02');

    // A placeholder with an encoder of its own (a column's, or this one) is encoded on every call.
    const doubled = preparedSql(
      t.app.db,
      'prepared-test:encoded',
      () => sql`select ${new Param(sql.placeholder('n'), { mapToDriverValue: (value: unknown) => String(Number(value) * 2) })}::int as twice`,
    );
    expect(((await doubled.execute({ n: 21 })) as { rows: { twice: number }[] }).rows).toEqual([{ twice: 42 }]);
    expect(((await doubled.execute({ n: 5 })) as { rows: { twice: number }[] }).rows).toEqual([{ twice: 10 }]);
  });

  it('refuse a missing placeholder and wrap a driver error as Drizzle does', async () => {
    const statement = prepared(t.app.db, 'prepared-test:flat', () => flatSelect());
    await expect(statement.execute({})).rejects.toThrow('No value for placeholder "businessId" was provided');
    const failing = preparedSql(t.app.db, 'prepared-test:failing', () => sql`select 1 / ${sql.placeholder('zero')}::int as x`);
    const error = await failing.execute({ zero: 0 }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect((error as DrizzleQueryError).params).toEqual([0]);
    expect(((error as Error).cause as { code?: string }).code).toBe('22012');
  });

  it('read side by side while the pool has room, one after the other once it is busy or in a transaction', async () => {
    const pool = (t.app.db as unknown as { $client: pg.Pool }).$client;
    expect(pool).toBeInstanceOf(pg.Pool);
    const max = pool.options.max!;
    // Each read says how many were running when it began.
    let running = 0;
    const read = async () => {
      const seen = ++running;
      await t.app.db.execute(sql`select pg_sleep(0.05)`);
      running--;
      return seen;
    };
    expect(hasRoomFor(t.app.db, 2)).toBe(true);
    expect(await readBoth(t.app.db, read, read)).toEqual([1, 2]);

    // All but one connection lent out: no room for two.
    const held = await Promise.all(Array.from({ length: max - 1 }, () => pool.connect()));
    try {
      expect(hasRoomFor(t.app.db, 1)).toBe(true);
      expect(hasRoomFor(t.app.db, 2)).toBe(false);
      expect(await readBoth(t.app.db, read, read)).toEqual([1, 1]);
    } finally {
      for (const client of held) client.release();
    }
    expect(hasRoomFor(t.app.db, 2)).toBe(true);
    // A transaction is one connection.
    await t.app.db.transaction(async (tx) => {
      expect(hasRoomFor(tx, 2)).toBe(false);
    });
  });
});
