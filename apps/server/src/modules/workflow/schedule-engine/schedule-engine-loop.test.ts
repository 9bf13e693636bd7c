// The engine inside the server: a pass once the app is ready, then one every interval, and
// nothing after the app closes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { openDatabase, type Database } from '../../../db/client.ts';
import { executionPlans, schedules } from '../../../db/schema-schedules.ts';
import { addMember, createBusinessWithOwner, createProjectAndSite, createTask, placeInSite } from '../../../test/factories.ts';

let database: Database;
let uploadsDir: string;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: null });
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
});
afterAll(async () => {
  await database.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const waitFor = async (check: () => Promise<boolean>, ms = 10_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
};

describe('the schedule engine in the server', () => {
  it('runs when the app is ready, keeps running every interval, and stops with the app', async () => {
    // A first app (engine off) to build the data through the factories.
    const setup = await buildApp({ database, jwtSecret: crypto.randomBytes(64), uploadsDir });
    const owner = await createBusinessWithOwner(setup);
    const { site } = await createProjectAndSite(setup, owner);
    const member = await addMember(setup, owner);
    await placeInSite(setup, owner, site.id, member.userId);
    const task = await createTask(setup, owner);
    const today = new Date().toISOString().slice(0, 10);
    const [plan] = await setup.db
      .insert(executionPlans)
      .values({
        businessId: owner.business.id,
        taskId: task.id,
        teamId: site.id,
        userId: member.userId,
        scheduleType: 'DAILY',
        startDate: today,
        endDate: '2099-12-31',
        startTime: '06:00',
        endTime: '24:00',
        deadlineAfter: 1,
        deadlineUnit: 'DAYS',
      })
      .returning();
    await setup.close();
    const { id: _id, ...planValues } = plan;
    const countOf = async () => (await database.db.select({ n: count() }).from(schedules).where(eq(schedules.planId, plan.id)))[0].n;
    expect(await countOf()).toBe(0);

    const app = await buildApp({ database, jwtSecret: crypto.randomBytes(64), uploadsDir, scheduleEngine: { intervalMs: 50, horizonDays: 2 } });
    await app.ready();
    // Today .. today + 2 (the plan starts today, so not yesterday).
    expect(await waitFor(async () => (await countOf()) === 3)).toBe(true);

    // A later pass picks up what changed meanwhile: a longer horizon is not needed, a new plan is.
    const [second] = await database.db
      .insert(executionPlans)
      .values({ ...planValues, scheduledAt: new Date('2020-01-01T00:00:00Z') })
      .returning();
    const secondCount = async () => (await database.db.select({ n: count() }).from(schedules).where(eq(schedules.planId, second.id)))[0].n;
    expect(await waitFor(async () => (await secondCount()) === 3)).toBe(true);

    await app.close();
    const [third] = await database.db.insert(executionPlans).values(planValues).returning();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await database.db.select({ n: count() }).from(schedules).where(eq(schedules.planId, third.id)))[0].n).toBe(0);
  });

  it('does not run when the interval is 0 or no settings are given', async () => {
    for (const scheduleEngine of [{ intervalMs: 0, horizonDays: 14 }, undefined]) {
      const app = await buildApp({ database, jwtSecret: crypto.randomBytes(64), uploadsDir, scheduleEngine });
      const owner = await createBusinessWithOwner(app);
      const { site } = await createProjectAndSite(app, owner);
      const member = await addMember(app, owner);
      await placeInSite(app, owner, site.id, member.userId);
      const task = await createTask(app, owner);
      const [plan] = await app.db
        .insert(executionPlans)
        .values({
          businessId: owner.business.id,
          taskId: task.id,
          teamId: site.id,
          userId: member.userId,
          scheduleType: 'DAILY',
          startDate: '2020-01-01',
          endDate: '2099-12-31',
          startTime: '06:00',
          endTime: '24:00',
          deadlineAfter: 1,
          deadlineUnit: 'DAYS',
        })
        .returning();
      await app.ready();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await database.db.select({ n: count() }).from(schedules).where(eq(schedules.planId, plan.id)))[0].n).toBe(0);
      await app.close();
    }
  });
});
