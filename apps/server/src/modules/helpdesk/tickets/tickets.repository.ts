// Tickets with everything the board and the detail page show: category, project, site, the
// assignee and the creator, and the numbers of attachments and comments, all in one query, so a
// page of tickets costs two queries (the page and its count) whatever its size.
import { and, asc, count, desc, eq, ilike, or, sql, sum, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { TicketPriority, TicketStatus } from '@fieldops/shared/enums';
import type { Ticket } from '@fieldops/shared/helpdesk';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { projects, teams, users } from '../../../db/schema.ts';
import { ticketAttachments, ticketCategories, ticketComments, tickets, ticketStatusCountChanges, ticketStatusCounts } from '../../../db/schema-helpdesk.ts';
import { SLA_DUE_SOON_MS } from '@fieldops/shared/sla-policies';

export interface TicketFilter {
  searchKey?: string;
  ticketStatus?: TicketStatus;
  priority?: TicketPriority;
  categoryId?: number;
  agentId?: number;
  projectId?: number;
  teamId?: number;
  sla?: 'BREACHED' | 'DUE_SOON';
}

export type TicketSort = { field: 'id' | 'updatedDate' | 'createdDate' | 'resolutionDueAt'; dir: 'asc' | 'desc' };

const agent = alias(users, 'agent');
const creator = alias(users, 'creator');

function selectTickets(db: Db) {
  return db
    .select({
      id: tickets.id,
      title: tickets.title,
      description: tickets.description,
      categoryId: tickets.categoryId,
      categoryNameEn: ticketCategories.nameEn,
      categoryNameAr: ticketCategories.nameAr,
      priority: tickets.priority,
      status: tickets.status,
      projectId: tickets.projectId,
      projectName: projects.name,
      teamId: tickets.teamId,
      teamName: teams.name,
      agentId: tickets.agentId,
      agentUsername: agent.username,
      agentFullName: agent.fullName,
      agentAvatar: agent.avatar,
      creatorId: tickets.creatorId,
      creatorUsername: creator.username,
      creatorFullName: creator.fullName,
      creatorAvatar: creator.avatar,
      reason: tickets.reason,
      createdDate: tickets.createdDate,
      updatedDate: tickets.updatedDate,
      firstResponseDueAt: tickets.firstResponseDueAt,
      firstRespondedAt: tickets.firstRespondedAt,
      resolutionDueAt: tickets.resolutionDueAt,
      // Each count walks the (ticket_id, id) index of its table for the ticket's rows only.
      attachmentsCount: sql<number>`(select count(*) from ${ticketAttachments} where ${ticketAttachments.ticketId} = ${tickets.id})`.mapWith(Number),
      commentsCount: sql<number>`(select count(*) from ${ticketComments} where ${ticketComments.ticketId} = ${tickets.id})`.mapWith(Number),
    })
    .from(tickets)
    .leftJoin(ticketCategories, eq(ticketCategories.id, tickets.categoryId))
    .leftJoin(projects, eq(projects.id, tickets.projectId))
    .leftJoin(teams, eq(teams.id, tickets.teamId))
    .leftJoin(agent, eq(agent.id, tickets.agentId))
    .leftJoin(creator, eq(creator.id, tickets.creatorId))
    .$dynamic();
}

type TicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

const person = (id: number | null, username: string | null, fullName: string | null, avatar: string | null) =>
  id !== null && username !== null && fullName !== null ? { id, username, fullName, avatar } : null;

const toTicket = (r: TicketRow): Ticket => ({
  id: r.id,
  title: r.title,
  description: r.description,
  categoryId: r.categoryId,
  category:
    r.categoryId !== null && r.categoryNameEn !== null && r.categoryNameAr !== null
      ? { id: r.categoryId, nameEn: r.categoryNameEn, nameAr: r.categoryNameAr }
      : null,
  priority: r.priority,
  status: r.status,
  projectId: r.projectId,
  project: r.projectId !== null && r.projectName !== null ? { id: r.projectId, name: r.projectName } : null,
  teamId: r.teamId,
  team: r.teamId !== null && r.teamName !== null ? { id: r.teamId, name: r.teamName } : null,
  agentId: r.agentId,
  agent: person(r.agentId, r.agentUsername, r.agentFullName, r.agentAvatar),
  creatorId: r.creatorId,
  creator: person(r.creatorId, r.creatorUsername, r.creatorFullName, r.creatorAvatar),
  reason: r.reason,
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
  firstResponseDueAt: r.firstResponseDueAt?.toISOString() ?? null,
  firstRespondedAt: r.firstRespondedAt?.toISOString() ?? null,
  resolutionDueAt: r.resolutionDueAt?.toISOString() ?? null,
  attachmentsCount: r.attachmentsCount,
  commentsCount: r.commentsCount,
});

/** `scope` is the caller's visibility (see policies/tickets.ts); undefined sees every ticket. */
function whereOf(businessId: number, filter: TicketFilter, scope: SQL | undefined): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(tickets.businessId, businessId), scope];
  if (filter.searchKey) {
    const pattern = `%${filter.searchKey.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(tickets.title, pattern), ilike(tickets.description, pattern)));
  }
  if (filter.ticketStatus) conditions.push(eq(tickets.status, filter.ticketStatus));
  if (filter.priority) conditions.push(eq(tickets.priority, filter.priority));
  if (filter.categoryId) conditions.push(eq(tickets.categoryId, filter.categoryId));
  if (filter.agentId) conditions.push(eq(tickets.agentId, filter.agentId));
  if (filter.projectId) conditions.push(eq(tickets.projectId, filter.projectId));
  if (filter.teamId) conditions.push(eq(tickets.teamId, filter.teamId));
  // Against the database's clock, so every instance draws the line at the same moment; a resolved
  // or closed ticket's clock has stopped, and it is neither breached nor due any more.
  if (filter.sla) conditions.push(sql`${tickets.status} in ('NEW', 'IN_PROGRESS', 'ON_HOLD')`);
  if (filter.sla === 'BREACHED') conditions.push(sql`${tickets.resolutionDueAt} <= now()`);
  if (filter.sla === 'DUE_SOON')
    conditions.push(sql`${tickets.resolutionDueAt} > now() and ${tickets.resolutionDueAt} <= now() + ${`${SLA_DUE_SOON_MS} milliseconds`}::interval`);
  return and(...conditions);
}

const SORT_COLUMNS = { id: tickets.id, updatedDate: tickets.updatedDate, createdDate: tickets.createdDate, resolutionDueAt: tickets.resolutionDueAt };

export async function findTickets(
  db: Db,
  businessId: number,
  filter: TicketFilter,
  scope: SQL | undefined,
  page: { page: number; size: number; sort: TicketSort },
): Promise<{ items: Ticket[]; total: number }> {
  const where = whereOf(businessId, filter, scope);
  const direction = page.sort.dir === 'asc' ? asc : desc;
  // The id breaks ties, so pages never overlap. (business_id, id) serves the default order and
  // (business_id, status, updated_date) the board's columns.
  const order =
    page.sort.field === 'id'
      ? [direction(tickets.id)]
      : page.sort.field === 'resolutionDueAt'
        ? // Tickets without a due time last, whichever the direction.
          [sql`${tickets.resolutionDueAt} ${sql.raw(page.sort.dir === 'asc' ? 'asc' : 'desc')} nulls last`, direction(tickets.id)]
        : [direction(SORT_COLUMNS[page.sort.field]), direction(tickets.id)];
  const [rows, total] = await Promise.all([
    selectTickets(db)
      .where(where)
      .orderBy(...order)
      .limit(page.size)
      .offset(page.page * page.size),
    countedAhead(filter, scope)
      ? sumCounts(db, businessId, filter).then((counts) => Object.values(counts).reduce((a, n) => a + n, 0))
      : db
          .select({ total: count() })
          .from(tickets)
          .where(where)
          .then(([row]) => row?.total ?? 0),
  ]);
  return { items: rows.map(toTicket), total };
}

/**
 * Whether ticket_status_counts answers the count: every ticket of the business in sight, narrowed
 * by nothing but status, project and site.
 */
function countedAhead(filter: TicketFilter, scope: SQL | undefined): boolean {
  return scope === undefined && Object.entries(filter).every(([key, value]) => !value || COUNTED_BY.has(key));
}
/** The filters ticket_status_counts is keyed by. */
const COUNTED_BY: ReadonlySet<string> = new Set(['ticketStatus', 'projectId', 'teamId']);

/**
 * Tickets per status from ticket_status_counts and the changes not folded into it yet
 * (countedAhead): a few rows per site, and a minute's changes.
 */
async function sumCounts(db: Db, businessId: number, filter: TicketFilter): Promise<Partial<Record<TicketStatus, number>>> {
  const sumOf = (c: typeof ticketStatusCounts | typeof ticketStatusCountChanges) =>
    db
      .select({ status: c.status, n: sum(c.tickets).as('n') })
      .from(c)
      .where(
        and(
          eq(c.businessId, businessId),
          filter.projectId ? eq(c.projectId, filter.projectId) : undefined,
          filter.teamId ? eq(c.teamId, filter.teamId) : undefined,
          filter.ticketStatus ? eq(c.status, filter.ticketStatus) : undefined,
        ),
      )
      .groupBy(c.status);
  // One statement, so both are read at one moment: a fold between two reads would count twice.
  const rows = await db
    .select({ status: sql<TicketStatus>`status`, n: sql<number>`sum(n)`.mapWith(Number) })
    .from(unionAll(sumOf(ticketStatusCounts), sumOf(ticketStatusCountChanges)).as('counted'))
    .groupBy(sql`status`);
  const counts: Partial<Record<TicketStatus, number>> = {};
  for (const row of rows) if (row.n !== 0) counts[row.status] = row.n;
  return counts;
}

/** Tickets per status under the same filters and visibility as the list. */
export async function countTicketsByStatus(
  db: Db,
  businessId: number,
  filter: Omit<TicketFilter, 'ticketStatus'>,
  scope: SQL | undefined,
): Promise<Partial<Record<TicketStatus, number>>> {
  if (countedAhead(filter, scope)) return sumCounts(db, businessId, filter);
  const rows = await db
    .select({ status: tickets.status, n: count() })
    .from(tickets)
    .where(whereOf(businessId, filter, scope))
    .groupBy(tickets.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export async function findTicket(db: Db, businessId: number, id: number, scope?: SQL): Promise<Ticket | null> {
  const [row] = await selectTickets(db).where(and(eq(tickets.businessId, businessId), eq(tickets.id, id), scope));
  return row ? toTicket(row) : null;
}

/** The bare ticket row when the caller sees it, locked for the rest of the transaction when `lock` is set. */
export async function findTicketRow(db: Db, businessId: number, id: number, scope: SQL | undefined, lock = false) {
  const query = db
    .select({
      id: tickets.id,
      title: tickets.title,
      description: tickets.description,
      status: tickets.status,
      priority: tickets.priority,
      categoryId: tickets.categoryId,
      agentId: tickets.agentId,
      projectId: tickets.projectId,
      teamId: tickets.teamId,
      creatorId: tickets.creatorId,
      firstRespondedAt: tickets.firstRespondedAt,
      firstResponseDueAt: tickets.firstResponseDueAt,
      resolutionDueAt: tickets.resolutionDueAt,
    })
    .from(tickets)
    .where(and(eq(tickets.businessId, businessId), eq(tickets.id, id), scope));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}
export type TicketRowValues = NonNullable<Awaited<ReturnType<typeof findTicketRow>>>;

export async function insertTicket(db: Db, values: typeof tickets.$inferInsert) {
  const [row] = await db.insert(tickets).values(values).returning({ id: tickets.id });
  return must(row, 'an insert returns its row').id;
}

export async function updateTicketRow(
  db: Db,
  businessId: number,
  id: number,
  values: Partial<Omit<typeof tickets.$inferInsert, 'id' | 'businessId' | 'createdDate' | 'updatedDate'>>,
) {
  await db
    .update(tickets)
    .set({ ...values, updatedDate: sql`now()` })
    .where(and(eq(tickets.businessId, businessId), eq(tickets.id, id)));
}
