// A stand-in named inside a list of user ids (a routing rule's group) is replaced there by the
// account that takes its place, like every single column naming a user.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ticketRoundRobinCursors, ticketRoutingRules } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, createInvitedUser, createProjectAndSite, createUser } from '../../../test/factories.ts';
import { handOverStandIn } from './stand-in.repository.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("hands over a routing rule's member, its place in a rule's members and a site's round-robin turn", async () => {
  const owner = await createBusinessWithOwner(t.app);
  const standIn = await createInvitedUser(t.app, owner);
  const colleague = await addMember(t.app, owner);
  const person = await createUser(t.app);
  const businessId = owner.business.id;
  await t.app.db.insert(ticketRoutingRules).values([
    { businessId, position: 0, strategy: 'MEMBER', userId: standIn.id },
    { businessId, position: 1, strategy: 'FEWEST_OPEN', memberIds: [colleague.userId, standIn.id] },
    { businessId, position: 2, strategy: 'FEWEST_OPEN', memberIds: [colleague.userId] },
  ]);
  const { site } = await createProjectAndSite(t.app, owner);
  const { site: other } = await createProjectAndSite(t.app, owner);
  await t.app.db.insert(ticketRoundRobinCursors).values([
    { teamId: site.id, businessId, lastAssigneeId: standIn.id },
    { teamId: other.id, businessId, lastAssigneeId: colleague.userId },
  ]);
  await t.app.db.transaction((tx) => handOverStandIn(tx, standIn.id, person.id));
  const rules = await t.app.db
    .select({ userId: ticketRoutingRules.userId, memberIds: ticketRoutingRules.memberIds })
    .from(ticketRoutingRules)
    .where(eq(ticketRoutingRules.businessId, businessId))
    .orderBy(ticketRoutingRules.position);
  expect(rules).toEqual([
    { userId: person.id, memberIds: [] },
    { userId: null, memberIds: [colleague.userId, person.id] },
    { userId: null, memberIds: [colleague.userId] },
  ]);
  const cursors = await t.app.db
    .select({ teamId: ticketRoundRobinCursors.teamId, lastAssigneeId: ticketRoundRobinCursors.lastAssigneeId })
    .from(ticketRoundRobinCursors)
    .where(eq(ticketRoundRobinCursors.businessId, businessId))
    .orderBy(ticketRoundRobinCursors.teamId);
  expect(cursors).toEqual([
    { teamId: site.id, lastAssigneeId: person.id },
    { teamId: other.id, lastAssigneeId: colleague.userId },
  ]);
});
