// Who may manage the members of which sites (DESIGN §4): owners and admins every site of their
// business, a site supervisor the sites they supervise, anyone else none. The other policies
// start from the same fact, the sites a caller supervises.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { teamMembers } from '../db/schema.ts';
import { forbidden } from '../lib/errors.ts';
import { isAdmin } from '../plugins/auth.ts';
import type { Caller } from './caller.ts';

/** The sites `userId` supervises, limited to `among` when given. */
export async function supervisedTeamIds(db: Db, businessId: number, userId: number, among?: number[]): Promise<number[]> {
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.businessId, businessId),
        eq(teamMembers.userId, userId),
        eq(teamMembers.authority, 'SUPERVISOR'),
        among ? inArray(teamMembers.teamId, among) : undefined,
      ),
    );
  return rows.map((r) => r.teamId);
}

/** Refuses with 403 unless the caller may manage the members of every one of `teamIds`. */
export async function requireSiteManager(db: Db, caller: Caller, teamIds: number[]) {
  if (isAdmin(caller)) return;
  const wanted = [...new Set(teamIds)];
  const supervised = await supervisedTeamIds(db, caller.businessId, caller.userId, wanted);
  if (supervised.length !== wanted.length) throw forbidden();
}

/** Refuses with 403 unless the caller is an owner or admin, or supervises at least one site. */
export async function requireAdminOrSupervisor(db: Db, caller: Caller) {
  if (isAdmin(caller)) return;
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.businessId, caller.businessId), eq(teamMembers.userId, caller.userId), eq(teamMembers.authority, 'SUPERVISOR')))
    .limit(1);
  if (!row) throw forbidden();
}
