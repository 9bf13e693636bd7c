// The writes of transfers: a member's placement moving to another site, and a site moving to
// another project. Both are scoped by business and guarded by the state they expect.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { teamMembers, teams, users } from '../../../db/schema.ts';

/** The member's placement in a site, locked until the transaction ends. */
export async function lockPlacement(db: Db, businessId: number, teamId: number, userId: number) {
  const [row] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .for('update');
  return row ?? null;
}

/** Moves a placement (authority and position included) to another site. */
export async function movePlacement(db: Db, businessId: number, placementId: number, toTeamId: number) {
  await db
    .update(teamMembers)
    .set({ teamId: toTeamId })
    .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.id, placementId)));
}

/** Moves a site to another project when it is still in `fromProjectId`; answers whether it moved. */
export async function moveSite(db: Db, businessId: number, teamId: number, fromProjectId: number, toProjectId: number) {
  const moved = await db
    .update(teams)
    .set({ projectId: toProjectId })
    .where(and(eq(teams.businessId, businessId), eq(teams.id, teamId), eq(teams.projectId, fromProjectId)))
    .returning({ id: teams.id });
  return moved.length > 0;
}

/** A member's name, as the transfer's audit entry names them. */
export async function memberNameOf(db: Db, userId: number) {
  const [row] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}
