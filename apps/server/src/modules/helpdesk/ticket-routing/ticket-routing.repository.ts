// Queries of the routing rules and of the people a rule can give a ticket to, always scoped by
// business: one query per group, whatever the number of candidates.
import { and, asc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { RoutingRule, RoutingRuleInput } from '@fieldops/shared/ticket-routing';
import type { Db } from '../../../db/client.ts';
import { businesses, businessMembers, teamMembers, teams } from '../../../db/schema.ts';
import { ticketRoundRobinCursors, ticketRoutingRules, tickets } from '../../../db/schema-helpdesk.ts';

const columns = {
  id: ticketRoutingRules.id,
  position: ticketRoutingRules.position,
  source: ticketRoutingRules.source,
  categoryId: ticketRoutingRules.categoryId,
  projectId: ticketRoutingRules.projectId,
  teamId: ticketRoutingRules.teamId,
  priority: ticketRoutingRules.priority,
  strategy: ticketRoutingRules.strategy,
  userId: ticketRoutingRules.userId,
  targetTeamId: ticketRoutingRules.targetTeamId,
  targetProjectId: ticketRoutingRules.targetProjectId,
  memberIds: ticketRoutingRules.memberIds,
};

export async function findRules(db: Db, businessId: number): Promise<RoutingRule[]> {
  return db
    .select(columns)
    .from(ticketRoutingRules)
    .where(eq(ticketRoutingRules.businessId, businessId))
    .orderBy(asc(ticketRoutingRules.position), asc(ticketRoutingRules.id));
}

/** Serialises changes of one business's rules (a no-key lock: tickets pointing at the business go on). */
export async function lockRulesOf(db: Db, businessId: number) {
  await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('no key update');
}

export async function replaceRules(db: Db, businessId: number, rules: RoutingRuleInput[]) {
  await db.delete(ticketRoutingRules).where(eq(ticketRoutingRules.businessId, businessId));
  if (rules.length > 0) await db.insert(ticketRoutingRules).values(rules.map((rule, position) => ({ businessId, position, ...rule })));
}

export async function updateRule(db: Db, businessId: number, id: number, values: Partial<typeof ticketRoutingRules.$inferInsert>) {
  await db
    .update(ticketRoutingRules)
    .set(values)
    .where(and(eq(ticketRoutingRules.businessId, businessId), eq(ticketRoutingRules.id, id)));
}

export async function deleteRule(db: Db, businessId: number, id: number) {
  await db.delete(ticketRoutingRules).where(and(eq(ticketRoutingRules.businessId, businessId), eq(ticketRoutingRules.id, id)));
}

export async function insertRuleFirst(db: Db, businessId: number, rule: RoutingRuleInput) {
  await db
    .update(ticketRoutingRules)
    .set({ position: sql`${ticketRoutingRules.position} + 1` })
    .where(eq(ticketRoutingRules.businessId, businessId));
  await db.insert(ticketRoutingRules).values({ businessId, position: 0, ...rule });
}

/**
 * The site's round-robin cursor (whichever rule turns it), its row made when missing and locked
 * until the transaction ends: a ticket of the site created at the same time on another instance
 * waits here and then reads the cursor this one moves. Two instances making the row at once meet
 * on its key: the second insert waits for the first and then does nothing, and both lock the one row.
 */
export async function lockCursor(db: Db, businessId: number, teamId: number): Promise<number | null> {
  await db.insert(ticketRoundRobinCursors).values({ teamId, businessId }).onConflictDoNothing({ target: ticketRoundRobinCursors.teamId });
  const [row] = await db
    .select({ lastAssigneeId: ticketRoundRobinCursors.lastAssigneeId })
    .from(ticketRoundRobinCursors)
    .where(and(eq(ticketRoundRobinCursors.businessId, businessId), eq(ticketRoundRobinCursors.teamId, teamId)))
    .for('update');
  return row?.lastAssigneeId ?? null;
}

export async function moveCursor(db: Db, businessId: number, teamId: number, userId: number) {
  await db
    .update(ticketRoundRobinCursors)
    .set({ lastAssigneeId: userId })
    .where(and(eq(ticketRoundRobinCursors.businessId, businessId), eq(ticketRoundRobinCursors.teamId, teamId)));
}

/**
 * Holds the choice of the least busy member for the business until the transaction ends: a
 * ticket created at the same time on another instance counts the open tickets after this one's
 * is committed, so the two do not both go to the same person.
 */
export async function lockLeastBusyChoice(db: Db, businessId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ticket_fewest_open:${businessId}`}, 0))`);
}

/** Whether the user is (still) a member of the business. */
const isMember = (businessId: number, userId: typeof teamMembers.userId) =>
  sql`exists (select 1 from ${businessMembers} where ${and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId))})`;

/** A group of candidates: the supervisors of a site, of any site of a project, or listed members. */
export type Group = { teamId: number } | { projectId: number } | { userIds: number[] };

function candidates(db: Db, businessId: number, group: Group) {
  if ('userIds' in group) {
    return db
      .selectDistinct({ userId: businessMembers.userId })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, group.userIds.length > 0 ? group.userIds : [0])))
      .as('candidates');
  }
  // Distinct, so a supervisor of several sites of the project is one candidate.
  return db
    .selectDistinct({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(
        eq(teamMembers.businessId, businessId),
        eq(teamMembers.authority, 'SUPERVISOR'),
        'teamId' in group ? eq(teamMembers.teamId, group.teamId) : eq(teams.projectId, group.projectId),
        isMember(businessId, teamMembers.userId),
      ),
    )
    .as('candidates');
}

/**
 * Whoever of the group has the fewest open tickets (NEW, IN_PROGRESS, ON_HOLD) assigned to
 * them, the lowest user id among equals; null when the group is empty.
 */
export async function leastBusyOf(db: Db, businessId: number, group: Group): Promise<number | null> {
  const group$ = candidates(db, businessId, group);
  // Counted through the (business_id, agent_id) index of tickets, per candidate.
  const openTickets = sql<number>`(select count(*) from ${tickets} where ${and(
    eq(tickets.businessId, businessId),
    eq(tickets.agentId, group$.userId),
    notInArray(tickets.status, ['RESOLVED', 'CLOSED']),
  )})`;
  const [row] = await db.select({ userId: group$.userId }).from(group$).orderBy(asc(openTickets), asc(group$.userId)).limit(1);
  return row?.userId ?? null;
}

/**
 * The supervisor of the site who comes after `after` by user id, wrapping round to the first;
 * null when the site has none.
 */
export async function nextSupervisor(db: Db, businessId: number, teamId: number, after: number | null): Promise<number | null> {
  const group$ = candidates(db, businessId, { teamId });
  const pick = async (from: number | null) => {
    const [row] = await db
      .select({ userId: group$.userId })
      .from(group$)
      .where(from === null ? undefined : gt(group$.userId, from))
      .orderBy(asc(group$.userId))
      .limit(1);
    return row?.userId ?? null;
  };
  return (after === null ? null : await pick(after)) ?? pick(null);
}

/** The configured member when they still belong to the business. */
export async function memberAssignee(db: Db, businessId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  return row?.userId ?? null;
}
