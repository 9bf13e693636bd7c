// Members placed in sites: who, with which site authority and position. Lists walk the
// (team_id, user_id) index, so a page costs two queries whatever its size.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { SiteAuthority } from '@fieldops/shared/enums';
import type { TeamMember } from '@fieldops/shared/organisation';
import type { Db } from '../../../db/client.ts';
import { teamMembers, users } from '../../../db/schema.ts';

export interface Placement {
  teamId: number;
  userId: number;
  authority: SiteAuthority;
  position: string | null;
}

const columns = {
  userId: teamMembers.userId,
  username: users.username,
  name: users.fullName,
  email: users.email,
  authority: teamMembers.authority,
  position: teamMembers.position,
  teamId: teamMembers.teamId,
  businessId: teamMembers.businessId,
  active: users.activated,
};

const selectTeamMembers = (db: Db) => db.select(columns).from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId)).$dynamic();

/** The members of one site: a page of them, or all when no page is given. */
export async function findTeamMembers(
  db: Db,
  businessId: number,
  teamId: number,
  page?: { page: number; size: number },
): Promise<{ items: TeamMember[]; total: number }> {
  const where = and(eq(teamMembers.businessId, businessId), eq(teamMembers.teamId, teamId));
  const list = selectTeamMembers(db).where(where).orderBy(asc(teamMembers.userId));
  if (!page) {
    const items = await list;
    return { items, total: items.length };
  }
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    list.limit(page.size).offset(page.page * page.size),
    db.select({ total: count() }).from(teamMembers).where(where),
  ]);
  return { items, total };
}

/** The placements of `userIds` in `teamIds`, in site then user order. */
export async function findPlacements(db: Db, businessId: number, teamIds: number[], userIds: number[]): Promise<TeamMember[]> {
  if (teamIds.length === 0 || userIds.length === 0) return [];
  return selectTeamMembers(db)
    .where(and(eq(teamMembers.businessId, businessId), inArray(teamMembers.teamId, teamIds), inArray(teamMembers.userId, userIds)))
    .orderBy(asc(teamMembers.teamId), asc(teamMembers.userId));
}

export async function findPlacement(db: Db, businessId: number, teamId: number, userId: number) {
  const [row] = await db
    .select({ id: teamMembers.id, authority: teamMembers.authority, position: teamMembers.position })
    .from(teamMembers)
    .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row ?? null;
}

/** Places members in sites; a member already in a site gets the new authority and position. */
export async function upsertPlacements(db: Db, businessId: number, placements: Placement[]) {
  if (placements.length === 0) return;
  await db
    .insert(teamMembers)
    .values(placements.map((p) => ({ businessId, ...p })))
    .onConflictDoUpdate({
      target: [teamMembers.teamId, teamMembers.userId],
      set: { authority: sql`excluded.authority`, position: sql`excluded.position` },
    });
}

/** Takes a member out of a site; answers whether they were in it. */
export async function deletePlacement(db: Db, businessId: number, teamId: number, userId: number) {
  const removed = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ id: teamMembers.id });
  return removed.length > 0;
}
