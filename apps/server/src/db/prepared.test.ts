// Prepared statements answer the rows Drizzle's own query answers: the same keys in the same
// order, each value decoded the same way (timestamps as dates, dates as text, counts through
// their mappers, nulls as null), on the embedded database and on PostgreSQL.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createBusinessWithOwner, createPlanRow, createProjectAndSite, createTask, type Caller } from '../test/factories.ts';
import { prepared } from './prepared.ts';
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
});
