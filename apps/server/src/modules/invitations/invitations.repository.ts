// Invitations of e-mails to a business's sites: as the business typed them, and as the invited
// person sees them. The business-side reads never select the invited user's own data.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Invitation, MyInvitation } from '@fieldops/shared/account';
import type { InvitationStatus, SiteAuthority } from '@fieldops/shared/enums';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../db/client.ts';
import { businesses, invitations, teams, users } from '../../db/schema.ts';

export interface InvitationInput {
  businessId: number;
  userId: number;
  email: string;
  name: string;
  authority: SiteAuthority;
  position: string | null;
  externalId: string | null;
  teamIds: number[];
  invitedBy: number;
  status: InvitationStatus;
}

/**
 * Records an invitation. A second invitation of the same person while one is pending joins it:
 * the sites add up and the latest name, role and position win.
 */
export async function upsertInvitation(db: Db, input: InvitationInput): Promise<number> {
  const values = { ...input, respondedAt: input.status === 'PENDING' ? null : sql`now()` };
  if (input.status !== 'PENDING') {
    const [row] = await db.insert(invitations).values(values).returning({ id: invitations.id });
    return must(row, 'an insert returns its row').id;
  }
  const [row] = await db
    .insert(invitations)
    .values(values)
    .onConflictDoUpdate({
      target: [invitations.businessId, invitations.userId],
      targetWhere: sql`status = 'PENDING'`,
      set: {
        email: input.email,
        name: input.name,
        authority: input.authority,
        position: input.position,
        externalId: input.externalId,
        invitedBy: input.invitedBy,
        teamIds: sql`(select array_agg(distinct t) from unnest(${invitations.teamIds} || excluded.team_ids) as t)`,
      },
    })
    .returning({ id: invitations.id });
  return must(row, 'an insert returns its row').id;
}

const businessColumns = {
  id: invitations.id,
  email: invitations.email,
  name: invitations.name,
  authority: invitations.authority,
  position: invitations.position,
  externalId: invitations.externalId,
  teamIds: invitations.teamIds,
  status: invitations.status,
  createdAt: invitations.createdAt,
};

/** Names of the sites an invitation lists, still in the business (a deleted site drops out). */
async function withTeams<T extends { teamIds: number[] }>(db: Db, businessId: number | null, rows: T[]) {
  const ids = [...new Set(rows.flatMap((r) => r.teamIds))];
  const found = ids.length
    ? await db
        .select({ id: teams.id, name: teams.name, businessId: teams.businessId })
        .from(teams)
        .where(and(inArray(teams.id, ids), businessId ? eq(teams.businessId, businessId) : undefined))
        .orderBy(asc(teams.name))
    : [];
  return rows.map(({ teamIds, ...rest }) => ({
    ...rest,
    teams: found.filter((t) => teamIds.includes(t.id)).map(({ id, name }) => ({ id, name })),
  }));
}

export async function findBusinessInvitations(
  db: Db,
  businessId: number,
  filter: { status?: InvitationStatus; ids?: number[]; teamIds?: number[] },
  page: { page: number; size: number },
): Promise<{ items: Invitation[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(invitations.businessId, businessId)];
  if (filter.status) conditions.push(eq(invitations.status, filter.status));
  if (filter.ids) conditions.push(inArray(invitations.id, filter.ids));
  // A supervisor sees the invitations whose every site they supervise.
  if (filter.teamIds) conditions.push(sql`${invitations.teamIds} <@ ${sql.param(filter.teamIds)}::bigint[]`);
  const where = and(...conditions);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(businessColumns)
      .from(invitations)
      .where(where)
      .orderBy(desc(invitations.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(invitations).where(where),
  ]);
  const items = await withTeams(db, businessId, rows);
  return { items: items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })), total };
}

export async function findBusinessInvitation(db: Db, businessId: number, id: number) {
  const { items } = await findBusinessInvitations(db, businessId, { ids: [id] }, { page: 0, size: 1 });
  return items[0] ?? null;
}

/** The pending invitations of the signed-in person, with the inviting business's name. */
export async function findMyInvitations(db: Db, userId: number): Promise<MyInvitation[]> {
  const inviter = sql<string | null>`(select ${users.fullName} from ${users} where ${users.id} = ${invitations.invitedBy})`;
  const rows = await db
    .select({
      id: invitations.id,
      businessId: invitations.businessId,
      businessName: businesses.name,
      businessColour: businesses.colour,
      teamIds: invitations.teamIds,
      authority: invitations.authority,
      position: invitations.position,
      invitedBy: inviter,
      createdAt: invitations.createdAt,
    })
    .from(invitations)
    .innerJoin(businesses, eq(businesses.id, invitations.businessId))
    .where(and(eq(invitations.userId, userId), eq(invitations.status, 'PENDING')))
    .orderBy(desc(invitations.id));
  const items = await withTeams(db, null, rows);
  return items.map(({ businessId: _businessId, ...i }) => ({ ...i, createdAt: i.createdAt.toISOString() }));
}

/** Locks a pending invitation of the person for their answer; null when there is none. */
export async function lockPendingInvitation(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.userId, userId), eq(invitations.status, 'PENDING')))
    .for('update');
  return row ?? null;
}

export async function setInvitationStatus(db: Db, where: SQL, status: InvitationStatus) {
  return db
    .update(invitations)
    .set({ status, respondedAt: sql`now()` })
    .where(and(where, eq(invitations.status, 'PENDING')))
    .returning({ id: invitations.id });
}

export const invitationOfBusiness = (businessId: number, id: number) => and(eq(invitations.businessId, businessId), eq(invitations.id, id)) as SQL;
export const invitationOfUser = (userId: number, id: number) => and(eq(invitations.userId, userId), eq(invitations.id, id)) as SQL;
