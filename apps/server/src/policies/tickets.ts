// Who sees and who changes which tickets (DESIGN §4). Owners and admins: every ticket of the
// business. Anyone else: the tickets they created or are assigned to, plus those of the sites
// they supervise. Supervisors change the tickets they see; other members read them, comment,
// add attachments and edit their other fields, but not status, assignee, priority or category.
// The tickets module applies `scope` in its own lookups (requireVisibleTicket), so a ticket out
// of sight answers 404 like another business's.
import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tickets } from '../db/schema-helpdesk.ts';
import { isAdmin } from '../plugins/auth.ts';
import type { Caller } from './caller.ts';
import { supervisedTeamIds } from './sites.ts';

export interface TicketAccess {
  businessId: number;
  userId: number;
  /** The condition a ticket must meet to be seen; undefined for owners and admins. */
  scope: SQL | undefined;
  /** Whether the caller may change status, assignee, priority and category of the tickets they see. */
  canManage: boolean;
}

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
