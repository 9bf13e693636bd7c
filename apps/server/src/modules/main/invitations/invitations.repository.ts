// Invitations of e-mails to a business's sites: as the business typed them, and as the invited
// person sees them. The business-side reads never select the invited user's own data.
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Invitation, MyInvitation } from '@fieldops/shared/account';
import type { InvitationStatus, SiteAuthority } from '@fieldops/shared/enums';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { businesses, invitations, teams, users } from '../../../db/schema.ts';

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

/** Pending invitations of new accounts (a bulk import), each with its key's hash, in one statement; the ids by user. */
export async function insertPendingInvitations(db: Db, inputs: (Omit<InvitationInput, 'status'> & { keyHash: string })[]): Promise<Map<number, number>> {
  if (inputs.length === 0) return new Map();
  const rows = await db
    .insert(invitations)
    .values(inputs.map((input) => ({ ...input, status: 'PENDING' as const })))
    .returning({ id: invitations.id, userId: invitations.userId });
  return new Map(rows.map((r) => [r.userId!, r.id]));
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

const inviter = sql<string | null>`(select inviter.full_name from ${users} inviter where inviter.id = ${invitations.invitedBy})`;

/** An invitation as the invited person sees it: the inviting business and what it offers. */
const personColumns = {
  id: invitations.id,
  businessName: businesses.name,
  businessColour: businesses.colour,
  teamIds: invitations.teamIds,
  authority: invitations.authority,
  position: invitations.position,
  invitedBy: inviter,
  createdAt: invitations.createdAt,
};

/**
 * The pending invitations of the signed-in person, with the inviting business's name: only once
 * they have proven they receive mail at the address (an unproven address may be someone else's).
 */
export async function findMyInvitations(db: Db, userId: number): Promise<MyInvitation[]> {
  const rows = await db
    .select(personColumns)
    .from(invitations)
    .innerJoin(businesses, eq(businesses.id, invitations.businessId))
    .where(and(eq(invitations.status, 'PENDING'), provenAddressee(userId)))
    .orderBy(desc(invitations.id));
  const items = await withTeams(db, null, rows);
  return items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() }));
}

/**
 * Invitations sent to an address the person has proven and claims as theirs: the invitation made
 * an account of the business for that address (a stand-in), which the person's own takes over.
 */
const provenAddressee = (userId: number) =>
  sql`exists (select 1 from ${users} addressee where addressee.id = ${userId} and addressee.email = ${invitations.email} and addressee.email_claimed and addressee.email_verified_at is not null)`;

/** The pending invitation whose key hashes to `keyHash`, as the person holding the key sees it. */
export async function findInvitationByKey(db: Db, keyHash: string): Promise<MyInvitation | null> {
  const rows = await db
    .select(personColumns)
    .from(invitations)
    .innerJoin(businesses, eq(businesses.id, invitations.businessId))
    .where(and(eq(invitations.keyHash, keyHash), eq(invitations.status, 'PENDING')));
  const [item] = await withTeams(db, null, rows);
  return item ? { ...item, createdAt: item.createdAt.toISOString() } : null;
}

/**
 * Locks a pending invitation for the person's answer: one whose key they hold, or one addressed
 * to them at an address they have proven; null when there is none.
 */
export async function lockPendingInvitation(db: Db, userId: number, id: number, keyHash: string | null) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.status, 'PENDING'),
        keyHash ? or(eq(invitations.keyHash, keyHash), provenAddressee(userId)) : provenAddressee(userId),
      ),
    )
    .for('update');
  return row ?? null;
}

/** A new key for a pending invitation of the business (the previous one stops working); false when there is none. */
export async function replaceInvitationKey(db: Db, businessId: number, id: number, keyHash: string) {
  const changed = await db
    .update(invitations)
    .set({ keyHash })
    .where(and(eq(invitations.businessId, businessId), eq(invitations.id, id), eq(invitations.status, 'PENDING')))
    .returning({ id: invitations.id });
  return changed.length > 0;
}

/** The answer to a locked invitation, by whoever gave it: the invitation is theirs from then on. */
export async function answerInvitation(db: Db, id: number, userId: number, status: 'ACCEPTED' | 'DECLINED') {
  await db
    .update(invitations)
    .set({ status, userId, respondedAt: sql`now()` })
    .where(eq(invitations.id, id));
}

export async function setInvitationStatus(db: Db, where: SQL, status: InvitationStatus) {
  return db
    .update(invitations)
    .set({ status, respondedAt: sql`now()` })
    .where(and(where, eq(invitations.status, 'PENDING')))
    .returning({ id: invitations.id });
}

export const invitationOfBusiness = (businessId: number, id: number) => and(eq(invitations.businessId, businessId), eq(invitations.id, id)) as SQL;
