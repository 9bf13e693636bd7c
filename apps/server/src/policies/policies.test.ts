// The policies' answers side by side, one row per kind of caller. Each endpoint's tests prove the
// route asks; this table proves the areas agree on who manages what, including the supervisor who
// also belongs to another business, where their site ids must count for nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessMembers } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { addMember, addSupervisor, createBusinessWithOwner, createProject, createSite, placeInSite, type Caller as SignedIn } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { Caller } from './caller.ts';
import { requirePlanManager } from './plans.ts';
import { managesSite, requireSomeManagement, viewScopeOf } from './schedules.ts';
import { requireAdminOrSupervisor, requireSiteManager } from './sites.ts';
import { ticketAccessOf } from './tickets.ts';

let t: TestApp;
let siteA: number;
let siteB: number;
const callers: Record<string, Caller> = {};

const asCaller = (c: SignedIn): Caller => ({
  businessId: c.business.id,
  role: c.business.ownershipType,
  apiKey: c.business.apiKey,
  timeZone: c.business.timeZone,
  userId: c.userId,
});

/** A refusal (403) as false; anything else that goes wrong still fails the test. */
const allowed = (decision: () => unknown) =>
  Promise.resolve()
    .then(decision)
    .then(
      () => true,
      (e: unknown) => {
        if (e instanceof AppError && e.status === 403) return false;
        throw e;
      },
    );

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createBusinessWithOwner(t.app);
  const project = await createProject(t.app, owner);
  siteA = (await createSite(t.app, owner, project.id)).id;
  siteB = (await createSite(t.app, owner, project.id)).id;
  const supervisor = await addSupervisor(t.app, owner, [siteA]);
  const member = await addMember(t.app, owner);
  await placeInSite(t.app, owner, siteA, member.userId);

  // The same supervisor, also a member of a second business, acting there.
  const elsewhere = await createBusinessWithOwner(t.app);
  await t.app.db.insert(businessMembers).values({ businessId: elsewhere.business.id, userId: supervisor.userId, role: 'MEMBER' });

  Object.assign(callers, {
    owner: asCaller(owner),
    admin: asCaller(await addMember(t.app, owner, 'ADMIN')),
    'supervisor of A': asCaller(supervisor),
    'member placed in A': asCaller(member),
    'supervisor of A, in another business': { ...asCaller(elsewhere), role: 'MEMBER', userId: supervisor.userId },
  });
});
afterAll(() => t.close());

describe('policies', () => {
  // Columns: members of A, of B, of A and B at once; workflow editing; every schedule; answers
  // at A, at B, at some site; plans of A; ticket status, assignee, priority and category.
  it.each([
    ['owner', [true, true, true, true, true, true, true, true, true, true]],
    ['admin', [true, true, true, true, true, true, true, true, true, true]],
    ['supervisor of A', [true, false, false, true, false, true, false, true, true, true]],
    ['member placed in A', [false, false, false, false, false, false, false, false, false, false]],
    ['supervisor of A, in another business', [false, false, false, false, false, false, false, false, false, false]],
  ])('%s', async (kind, expected) => {
    const db = t.app.db;
    const caller = callers[kind];
    const scope = await viewScopeOf(db, caller);
    expect([
      await allowed(() => requireSiteManager(db, caller, [siteA])),
      await allowed(() => requireSiteManager(db, caller, [siteB])),
      await allowed(() => requireSiteManager(db, caller, [siteA, siteB])),
      await allowed(() => requireAdminOrSupervisor(db, caller)),
      scope.all,
      managesSite(scope, siteA),
      managesSite(scope, siteB),
      await allowed(() => requireSomeManagement(scope)),
      await allowed(() => requirePlanManager(db, caller, siteA)),
      (await ticketAccessOf(db, caller)).canManage,
    ]).toEqual(expected);
  });
});
