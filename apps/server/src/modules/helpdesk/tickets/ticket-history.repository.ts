// The history of a ticket: one row per creation and per change of status, assignee, priority or
// category. Values are kept in machine form (status and priority codes, user and category ids as
// text) so any language can word them; the English summary names people and categories as they
// are now. A page costs two queries whatever its size.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TicketStatus } from '@fieldops/shared/enums';
import type { TicketHistoryEntry } from '@fieldops/shared/helpdesk';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { ticketCategories, ticketHistory } from '../../../db/schema-helpdesk.ts';
import { historySummary } from './ticket-history-summary.ts';

export type HistoryValues = Omit<typeof ticketHistory.$inferInsert, 'id' | 'createdDate'>;

export async function insertHistory(db: Db, entries: HistoryValues[]) {
  if (entries.length > 0) await db.insert(ticketHistory).values(entries);
}

const actor = alias(users, 'actor');
const agent = alias(users, 'agent');
const oldAgent = alias(users, 'old_agent');
const oldCategory = alias(ticketCategories, 'old_category');
const newCategory = alias(ticketCategories, 'new_category');

// Category values are ids written as text; comparing as text never fails on other fields' values.
const categoryOf = (categoryId: AnyPgColumn, value: AnyPgColumn) => and(eq(ticketHistory.field, 'CATEGORY'), sql`${categoryId}::text = ${value}`);

export async function findHistory(
  db: Db,
  businessId: number,
  ticketId: number,
  page: { page: number; size: number },
): Promise<{ items: TicketHistoryEntry[]; total: number }> {
  const where = and(eq(ticketHistory.businessId, businessId), eq(ticketHistory.ticketId, ticketId));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        id: ticketHistory.id,
        ticketId: ticketHistory.ticketId,
        field: ticketHistory.field,
        oldValue: ticketHistory.oldValue,
        newValue: ticketHistory.newValue,
        agentId: ticketHistory.agentId,
        oldAgentId: ticketHistory.oldAgentId,
        reason: ticketHistory.reason,
        actorId: ticketHistory.actorId,
        actorUsername: actor.username,
        actorFullName: actor.fullName,
        actorAvatar: actor.avatar,
        agentName: agent.fullName,
        oldAgentName: oldAgent.fullName,
        oldCategoryName: oldCategory.nameEn,
        newCategoryName: newCategory.nameEn,
        createdDate: ticketHistory.createdDate,
      })
      .from(ticketHistory)
      .leftJoin(actor, eq(actor.id, ticketHistory.actorId))
      .leftJoin(agent, eq(agent.id, ticketHistory.agentId))
      .leftJoin(oldAgent, eq(oldAgent.id, ticketHistory.oldAgentId))
      .leftJoin(oldCategory, categoryOf(oldCategory.id, ticketHistory.oldValue))
      .leftJoin(newCategory, categoryOf(newCategory.id, ticketHistory.newValue))
      .where(where)
      .orderBy(desc(ticketHistory.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(ticketHistory).where(where),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    ticketId: r.ticketId,
    field: r.field,
    oldValue: r.oldValue,
    newValue: r.newValue,
    agentId: r.agentId,
    oldAgentId: r.oldAgentId,
    reason: r.reason,
    actorId: r.actorId,
    actor:
      r.actorId !== null && r.actorUsername !== null && r.actorFullName !== null
        ? { id: r.actorId, username: r.actorUsername, fullName: r.actorFullName, avatar: r.actorAvatar }
        : null,
    summary: historySummary(r),
    createdDate: r.createdDate.toISOString(),
  }));
  return { items, total };
}

/** The statuses a ticket entered, oldest first: its creation (NEW), then every status change. */
export async function findStatusMoments(db: Db, businessId: number, ticketId: number) {
  const rows = await db
    .select({ field: ticketHistory.field, newValue: ticketHistory.newValue, at: ticketHistory.createdDate })
    .from(ticketHistory)
    .where(and(eq(ticketHistory.businessId, businessId), eq(ticketHistory.ticketId, ticketId), inArray(ticketHistory.field, ['CREATED', 'STATUS'])))
    .orderBy(asc(ticketHistory.id));
  return rows.map((r) => ({ status: (r.field === 'CREATED' ? 'NEW' : r.newValue) as TicketStatus, at: r.at }));
}
