import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slaPolicies, ticketCategories } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import type { Caller } from '../../../test/factories.ts';
import { slaTargetsFor } from './sla-policies.service.ts';

const API = '/services/helpdesk/api/v1/sla-policies';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let other: Caller;
let bug: number;
let theirCategory: number;

const rowsOf = (caller: Caller) => t.app.db.select().from(slaPolicies).where(eq(slaPolicies.businessId, caller.business.id)).orderBy(slaPolicies.id);
const categoryOf = async (caller: Caller, nameEn: string) =>
  (await t.app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, caller.business.id))).find((c) => c.nameEn === nameEn)!.id;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, admin, member, other } = await createCast(t.app, { admin: true, member: true, other: true }));
  bug = await categoryOf(owner, 'Bug');
  theirCategory = await categoryOf(other, 'Bug');
});
afterAll(() => t.close());

describe('PUT and GET /v1/sla-policies', () => {
  it('replaces the rules for an owner or admin, and everyone in the business reads them', async () => {
    expect((await member.request({ method: 'GET', url: API })).json()).toEqual([]);
    const rules = [
      { priority: null, categoryId: null, firstResponseMinutes: 480, resolutionMinutes: 2400 },
      { priority: 'URGENT', firstResponseMinutes: 30, resolutionMinutes: 240 },
      { categoryId: bug, priority: 'URGENT', resolutionMinutes: 120, warnPercent: 75, raisePriorityTo: 'URGENT' },
    ];
    const res = await admin.request({ method: 'PUT', url: API, payload: { rules } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(Number),
        priority: null,
        categoryId: null,
        firstResponseMinutes: 480,
        resolutionMinutes: 2400,
        warnPercent: null,
        raisePriorityTo: null,
      },
      {
        id: expect.any(Number),
        priority: 'URGENT',
        categoryId: null,
        firstResponseMinutes: 30,
        resolutionMinutes: 240,
        warnPercent: null,
        raisePriorityTo: null,
      },
      {
        id: expect.any(Number),
        priority: 'URGENT',
        categoryId: bug,
        firstResponseMinutes: null,
        resolutionMinutes: 120,
        warnPercent: 75,
        raisePriorityTo: 'URGENT',
      },
    ]);
    const read = await member.request({ method: 'GET', url: API });
    expect(read.headers['x-total-count']).toBe('3');
    expect(read.json()).toEqual(res.json());
    expect(await rowsOf(other)).toHaveLength(0);

    // The most specific rule applies.
    expect(await slaTargetsFor(t.app.db, owner.business.id, { priority: 'URGENT', categoryId: bug })).toMatchObject({ resolutionMinutes: 120 });
    expect(await slaTargetsFor(t.app.db, owner.business.id, { priority: 'URGENT', categoryId: null })).toMatchObject({ resolutionMinutes: 240 });
    expect(await slaTargetsFor(t.app.db, owner.business.id, { priority: 'LOW', categoryId: bug })).toMatchObject({ resolutionMinutes: 2400 });
    expect(await slaTargetsFor(t.app.db, other.business.id, { priority: 'LOW', categoryId: null })).toBeNull();

    // The same set again is the same set (a retried save changes nothing), and an empty one clears them.
    expect((await owner.request({ method: 'PUT', url: API, payload: { rules } })).json()).toHaveLength(3);
    expect(await rowsOf(owner)).toHaveLength(3);
    expect((await owner.request({ method: 'PUT', url: API, payload: { rules: [] } })).json()).toEqual([]);
    expect(await rowsOf(owner)).toHaveLength(0);
  });

  it('refuses bad rules naming the field, and keeps the rules it had', async () => {
    await owner.request({ method: 'PUT', url: API, payload: { rules: [{ resolutionMinutes: 60 }] } });
    const before = await rowsOf(owner);
    const cases: [unknown, string, string][] = [
      [{ rules: [{ priority: 'LOW' }] }, 'rules.0.resolutionMinutes', 'Give a first response time, a resolution time or both'],
      [{ rules: [{ priority: 'LOW', resolutionMinutes: 0 }] }, 'rules.0.resolutionMinutes', 'This must be at least 1'],
      [{ rules: [{ priority: 'LOW', resolutionMinutes: 1.5 }] }, 'rules.0.resolutionMinutes', 'Invalid data'],
      [{ rules: [{ priority: 'SOON', resolutionMinutes: 60 }] }, 'rules.0.priority', expect.any(String)],
      [{ rules: [{ resolutionMinutes: 60, warnPercent: 0 }] }, 'rules.0.warnPercent', 'This must be at least 1'],
      [{ rules: [{ resolutionMinutes: 60, warnPercent: 100 }] }, 'rules.0.warnPercent', 'This must be at most 99'],
      [{ rules: [{ resolutionMinutes: 60, warnPercent: 80.5 }] }, 'rules.0.warnPercent', 'Invalid data'],
      [{ rules: [{ resolutionMinutes: 60, raisePriorityTo: 'HIGHEST' }] }, 'rules.0.raisePriorityTo', expect.any(String)],
      [
        {
          rules: [
            { priority: 'LOW', resolutionMinutes: 60 },
            { priority: 'LOW', firstResponseMinutes: 5 },
          ],
        },
        'rules.1.priority',
        'Only one rule may cover the same priority and category',
      ],
      [{}, 'rules', expect.any(String)],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.request({ method: 'PUT', url: API, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().fieldErrors[0], JSON.stringify(payload)).toEqual({ field, message });
    }
    expect(await rowsOf(owner)).toEqual(before);
  });

  it("answers 404 naming the rule for another business's category, 403 to members; nothing changes", async () => {
    const before = await rowsOf(owner);
    const res = await owner.request({ method: 'PUT', url: API, payload: { rules: [{ categoryId: theirCategory, resolutionMinutes: 60 }] } });
    expect(res.statusCode).toBe(404);
    expect(res.json().fieldErrors).toEqual([{ field: 'rules.0.categoryId', message: 'Category not found' }]);
    expect((await member.request({ method: 'PUT', url: API, payload: { rules: [] } })).statusCode).toBe(403);
    expect(await rowsOf(owner)).toEqual(before);
    expect(await rowsOf(other)).toHaveLength(0);
  });
});
