// The rules of tickets: every reference (category, project, site, assignee) must be the
// business's own, a site belongs to the ticket's project, a ticket without an assignee goes to
// whoever the routing rules name, and every change of assignee, priority or
// category is written to the history in the same transaction. Tickets are looked up within the
// caller's sight (policies/tickets.ts), so one out of it answers 404.
import type { z } from 'zod';
import type { TicketPriority, TicketSource } from '@fieldops/shared/enums';
import type { Ticket, ticketCreateRequest, ticketUpdateRequest } from '@fieldops/shared/helpdesk';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { fieldError, forbidden, missingReference, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { ticketAccessOf, type TicketAccess } from '../../../policies/tickets.ts';
import { memberIdsOf } from '../../main/members/members.service.ts';
import { requireProjectRow } from '../../main/projects/projects.service.ts';
import { requireSiteRow } from '../../main/teams/teams.service.ts';
import { holdCategory } from '../ticket-categories/ticket-categories.service.ts';
import { routeTicket } from '../ticket-routing/ticket-routing.service.ts';
import { dueTimesFor, type StoredDueTimes } from '../sla-policies/sla-policies.service.ts';
import { findStatusMoments, insertHistory, type HistoryValues } from './ticket-history.repository.ts';
import { findTicket, findTicketRow, insertTicket, updateTicketRow } from './tickets.repository.ts';
import { recordEvent } from '../../platform/events/events.service.ts';

type CreateInput = z.output<typeof ticketCreateRequest>;
type UpdateInput = z.output<typeof ticketUpdateRequest>;

/** The ticket as the caller sees it; 404 when it is another business's or out of their sight. */
export async function requireVisibleTicket(db: Db, access: TicketAccess, id: number) {
  const found = await findTicket(db, access.businessId, id, access.scope);
  if (!found) throw notFound(MSG.ticketNotFound);
  return found;
}

/** The bare row of a ticket the caller sees, locked for the transaction when `lock` is set. */
export async function requireVisibleTicketRow(db: Db, access: TicketAccess, id: number, lock = false) {
  const row = await findTicketRow(db, access.businessId, id, access.scope, lock);
  if (!row) throw notFound(MSG.ticketNotFound);
  return row;
}

async function requireCategory(db: Db, businessId: number, id: number) {
  // Held until the ticket is written, so the category cannot be deleted in between.
  if (!(await holdCategory(db, businessId, id))) throw missingReference('categoryId', MSG.categoryNotFound);
}

async function requireAgent(db: Db, businessId: number, userId: number) {
  if (!(await memberIdsOf(db, businessId, [userId])).has(userId)) throw missingReference('agentId', MSG.assigneeNotMember);
}

/**
 * The project and site a ticket ends up with. A site given without a project brings its own
 * project; a site given or kept with a project must be one of that project's sites.
 */
async function placeOf(
  db: Db,
  businessId: number,
  given: { projectId?: number | null; teamId?: number | null },
  current: { projectId: number | null; teamId: number | null },
) {
  const projectId = given.projectId !== undefined ? given.projectId : current.projectId;
  const teamId = given.teamId !== undefined ? given.teamId : current.teamId;
  if (projectId === current.projectId && teamId === current.teamId) return { projectId, teamId };
  if (projectId !== null && projectId !== current.projectId) await requireProjectRow(db, businessId, projectId, 'projectId');
  if (teamId === null) return { projectId, teamId };
  const site = await requireSiteRow(db, businessId, teamId, 'teamId');
  if (given.teamId != null && given.projectId === undefined) return { projectId: site.projectId, teamId };
  if (site.projectId !== projectId) throw fieldError('teamId', MSG.siteNotInProject);
  return { projectId, teamId };
}

/**
 * When the ticket's first response and resolution are due now, by its SLA rule, from its status
 * history (written first, in the same transaction).
 */
export async function ticketDueTimes(
  db: Db,
  businessId: number,
  id: number,
  ticket: { priority: TicketPriority; categoryId: number | null } & Partial<StoredDueTimes>,
) {
  return dueTimesFor(db, businessId, { ...ticket, id, statuses: await findStatusMoments(db, businessId, id) });
}

/**
 * A new ticket, NEW, created by the caller, with its CREATED history entry and its due times;
 * `source` says whether a person raised it or it came from a flagged answer (routing rules match on it).
 */
export async function createTicket(db: Db, caller: Caller, body: CreateInput, source: TicketSource = 'PERSON'): Promise<Ticket> {
  const { businessId, userId } = caller;
  const id = await db.transaction(async (tx) => {
    if (body.categoryId !== null) await requireCategory(tx, businessId, body.categoryId);
    // A new ticket without a project takes its site's.
    const place = await placeOf(tx, businessId, { projectId: body.projectId ?? undefined, teamId: body.teamId }, { projectId: null, teamId: null });
    if (body.agentId !== null) await requireAgent(tx, businessId, body.agentId);
    const agentId = body.agentId ?? (await routeTicket(tx, businessId, { source, categoryId: body.categoryId, priority: body.priority, ...place }));
    const ticketId = await insertTicket(tx, {
      businessId,
      title: body.title,
      description: body.description,
      categoryId: body.categoryId,
      priority: body.priority,
      status: 'NEW',
      ...place,
      agentId,
      creatorId: userId,
      source,
    });
    await insertHistory(tx, [{ businessId, ticketId, field: 'CREATED', newValue: 'NEW', agentId, actorId: userId }]);
    await updateTicketRow(tx, businessId, ticketId, await ticketDueTimes(tx, businessId, ticketId, body));
    await recordEvent(tx, { businessId, kind: 'ticket.created', actorId: userId, data: { ticketId, title: body.title, teamId: place.teamId } });
    if (agentId !== null) {
      await recordEvent(tx, {
        businessId,
        kind: 'ticket.assigned',
        actorId: userId,
        data: {
          ticketId,
          title: body.title,
          agentId,
          target: { type: 'ticket', id: ticketId, name: body.title },
          before: { agentId: null },
          after: { agentId },
        },
      });
    }
    return ticketId;
  });
  return requireTicket(db, businessId, id);
}

async function requireTicket(db: Db, businessId: number, id: number) {
  const found = await findTicket(db, businessId, id);
  if (!found) throw notFound(MSG.ticketNotFound);
  return found;
}

const asText = (value: number | null) => (value === null ? null : String(value));

/** Changes only the fields given; assignee, priority and category changes go to the history. */
export async function updateTicket(db: Db, caller: Caller, id: number, body: UpdateInput): Promise<Ticket> {
  const access = await ticketAccessOf(db, caller);
  const { businessId, userId } = caller;
  await db.transaction(async (tx) => {
    const row = await requireVisibleTicketRow(tx, access, id, true);
    const changed = <K extends 'agentId' | 'priority' | 'categoryId'>(key: K) => body[key] !== undefined && body[key] !== row[key];
    const agentChanged = changed('agentId');
    const priorityChanged = changed('priority');
    const categoryChanged = changed('categoryId');
    if (!access.canManage && (agentChanged || priorityChanged || categoryChanged)) throw forbidden();

    if (categoryChanged && body.categoryId != null) await requireCategory(tx, businessId, body.categoryId);
    const place = await placeOf(tx, businessId, body, row);
    if (agentChanged && body.agentId != null) await requireAgent(tx, businessId, body.agentId);

    const history: HistoryValues[] = [];
    const entry = { businessId, ticketId: id, actorId: userId };
    if (agentChanged) {
      const agentId = body.agentId ?? null;
      history.push({ ...entry, field: 'ASSIGNEE', oldValue: asText(row.agentId), newValue: asText(agentId), oldAgentId: row.agentId, agentId });
    }
    if (priorityChanged) history.push({ ...entry, field: 'PRIORITY', oldValue: row.priority, newValue: body.priority });
    if (categoryChanged) history.push({ ...entry, field: 'CATEGORY', oldValue: asText(row.categoryId), newValue: asText(body.categoryId ?? null) });

    const values = {
      ...(body.title !== undefined && body.title !== row.title ? { title: body.title } : {}),
      ...(body.description !== undefined && body.description !== row.description ? { description: body.description } : {}),
      ...(agentChanged ? { agentId: body.agentId } : {}),
      ...(priorityChanged ? { priority: body.priority } : {}),
      ...(categoryChanged ? { categoryId: body.categoryId } : {}),
      ...(place.projectId !== row.projectId || place.teamId !== row.teamId ? place : {}),
      // Another priority or category may fall under another SLA rule.
      ...(priorityChanged || categoryChanged
        ? await ticketDueTimes(tx, businessId, id, {
            ...row,
            priority: body.priority ?? row.priority,
            categoryId: categoryChanged ? (body.categoryId ?? null) : row.categoryId,
          })
        : {}),
    };
    // Saving without a difference leaves the ticket where it is on the board.
    if (Object.keys(values).length === 0) return;
    await updateTicketRow(tx, businessId, id, values);
    await insertHistory(tx, history);
    // The edit as the audit log and webhooks tell it: the fields that changed, before and after.
    const fields = ['title', 'description', 'agentId', 'priority', 'categoryId', 'projectId', 'teamId'] as const;
    const edited = fields.filter((field) => field in values);
    await recordEvent(tx, {
      businessId,
      kind: 'ticket.updated',
      actorId: userId,
      data: {
        target: { type: 'ticket', id, name: values.title ?? row.title },
        before: Object.fromEntries(edited.map((field) => [field, row[field]])),
        after: Object.fromEntries(edited.map((field) => [field, values[field as keyof typeof values] ?? null])),
      },
    });
    if (agentChanged && body.agentId != null) {
      await recordEvent(tx, {
        businessId,
        kind: 'ticket.assigned',
        actorId: userId,
        data: {
          ticketId: id,
          title: values.title ?? row.title,
          agentId: body.agentId,
          target: { type: 'ticket', id, name: values.title ?? row.title },
          before: { agentId: row.agentId },
          after: { agentId: body.agentId },
        },
      });
    }
  });
  return requireTicket(db, businessId, id);
}
