// Who sees and who changes which tickets (DESIGN §4). Owners and admins: every ticket of the
// business. Anyone else: the tickets they created or are assigned to, plus those of the sites
// they supervise. Supervisors change the tickets they see; other members read them, comment,
// add attachments and edit their other fields, but not status, assignee, priority or category.
import { eq, inArray, or, type SQL } from 'drizzle-orm';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../db/client.ts';
import { tickets } from '../../db/schema-helpdesk.ts';
import { notFound } from '../../lib/errors.ts';
import { isAdmin, type Tenant } from '../../plugins/auth.ts';
import { supervisedTeamIds } from '../teams/site-access.ts';
import { findTicket, findTicketRow } from './tickets.repository.ts';

export interface TicketAccess {
  businessId: number;
  userId: number;
  /** The condition a ticket must meet to be seen; undefined for owners and admins. */
  scope: SQL | undefined;
  /** Whether the caller may change status, assignee, priority and category of the tickets they see. */
  canManage: boolean;
}

export type Caller = Tenant & { userId: number };

export async function ticketAccessOf(db: Db, caller: Caller): Promise<TicketAccess> {
  const base = { businessId: caller.businessId, userId: caller.userId };
  if (isAdmin(caller)) return { ...base, scope: undefined, canManage: true };
  const supervised = await supervisedTeamIds(db, caller.businessId, caller.userId);
  const scope = or(
    eq(tickets.creatorId, caller.userId),
    eq(tickets.agentId, caller.userId),
    supervised.length > 0 ? inArray(tickets.teamId, supervised) : undefined,
  );
  return { ...base, scope, canManage: supervised.length > 0 };
}

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
