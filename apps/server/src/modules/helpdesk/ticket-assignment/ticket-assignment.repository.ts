// The business's assignment configuration, and the queries that pick who receives a new ticket
// without an assignee: one query per kind of target, whatever the number of candidates.
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { AssignmentConfig } from '@fieldops/shared/helpdesk';
import type { Db } from '../../../db/client.ts';
import { businessMembers, teamMembers, teams } from '../../../db/schema.ts';
import { ticketAssignmentConfigs, tickets } from '../../../db/schema-helpdesk.ts';

export async function findAssignmentConfig(db: Db, businessId: number): Promise<AssignmentConfig | null> {
  const [row] = await db
    .select({
      targetType: ticketAssignmentConfigs.targetType,
      userId: ticketAssignmentConfigs.userId,
      teamId: ticketAssignmentConfigs.teamId,
      projectId: ticketAssignmentConfigs.projectId,
    })
    .from(ticketAssignmentConfigs)
    .where(eq(ticketAssignmentConfigs.businessId, businessId));
  return row ?? null;
}

export async function saveAssignmentConfig(db: Db, businessId: number, config: AssignmentConfig) {
  await db
    .insert(ticketAssignmentConfigs)
    .values({ businessId, ...config })
    .onConflictDoUpdate({ target: ticketAssignmentConfigs.businessId, set: { ...config, updatedDate: sql`now()` } });
}

/** The configured member when they still belong to the business. */
export async function memberAssignee(db: Db, businessId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  return row?.userId ?? null;
}

/**
 * The supervisor of the site (or of any site of the project) with the fewest open tickets
 * assigned to them, the lowest user id among equals; null when there is none.
 */
export async function leastBusySupervisor(db: Db, businessId: number, target: { teamId: number } | { projectId: number }): Promise<number | null> {
  // Distinct, so a supervisor of several sites of the project is one candidate.
  const supervisors = db
    .selectDistinct({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(
        eq(teamMembers.businessId, businessId),
        eq(teamMembers.authority, 'SUPERVISOR'),
        'teamId' in target ? eq(teamMembers.teamId, target.teamId) : eq(teams.projectId, target.projectId),
      ),
    )
    .as('supervisors');
  // Counted through the (business_id, agent_id) index of tickets, per candidate.
  const openTickets = sql<number>`(select count(*) from ${tickets} where ${and(
    eq(tickets.businessId, businessId),
    eq(tickets.agentId, supervisors.userId),
    notInArray(tickets.status, ['RESOLVED', 'CLOSED']),
  )})`;
  const [row] = await db.select({ userId: supervisors.userId }).from(supervisors).orderBy(asc(openTickets), asc(supervisors.userId)).limit(1);
  return row?.userId ?? null;
}
