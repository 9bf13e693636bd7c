// Members as seen inside one business: the user, their business role and their sites (their rank
// comes from the reports module: members.service.ts). A page of members costs three queries
// whatever its size: the page, the count, their sites.
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Member } from '@fieldops/shared/account';
import type { BusinessRole } from '@fieldops/shared/enums';
import type { Db } from '../../../db/client.ts';
import { prepared, readBoth } from '../../../db/prepared.ts';
import { businessMembers, invitations, teamMembers, teams, users } from '../../../db/schema.ts';
import { randomKey } from '../../../lib/tokens.ts';

export interface MemberFilter {
  userIds?: number[];
  searchKey?: string;
  teamIds?: number[];
  projectIds?: number[];
}

const columns = {
  userId: users.id,
  fullName: users.fullName,
  username: users.username,
  email: users.email,
  activated: users.activated,
  phone: users.phone,
  countryCode: users.countryCode,
  bio: users.bio,
  avatar: users.avatar,
  role: businessMembers.role,
  position: businessMembers.position,
  externalId: businessMembers.externalId,
  businessId: businessMembers.businessId,
  createdBy: users.createdByBusinessId,
};

const selectRows = (db: Db) => db.select(columns).from(businessMembers).innerJoin(users, eq(users.id, businessMembers.userId)).$dynamic();

/** An id list as one parameter: `= any($n)` keeps one statement whatever the list's length. */
const anyOf = (column: AnyPgColumn, name: string) => sql`${column} = any(${sql.placeholder(name)}::bigint[])`;

/** The filter with its values as placeholders: one statement per combination of filters. */
function whereOf(db: Db, filter: MemberFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(businessMembers.businessId, sql.placeholder('businessId'))];
  if (filter.userIds) conditions.push(anyOf(businessMembers.userId, 'userIds'));
  if (filter.searchKey) {
    const pattern = sql.placeholder('pattern');
    conditions.push(or(ilike(users.fullName, pattern), ilike(users.username, pattern), ilike(users.email, pattern)));
  }
  if (filter.teamIds || filter.projectIds) {
    const inTeams = filter.teamIds ? anyOf(teamMembers.teamId, 'teamIds') : undefined;
    const placed = db.select({ id: teamMembers.userId }).from(teamMembers).$dynamic();
    const inBusiness = eq(teamMembers.businessId, sql.placeholder('businessId'));
    // A sub-select keeps one row per member when they sit in several matching sites.
    const sub = filter.projectIds
      ? placed.innerJoin(teams, eq(teams.id, teamMembers.teamId)).where(and(inBusiness, inTeams, anyOf(teams.projectId, 'projectIds')))
      : placed.where(and(inBusiness, inTeams));
    conditions.push(inArray(businessMembers.userId, sub));
  }
  return and(...conditions);
}

/** The values of a filter's placeholders. */
const valuesOf = (businessId: number, filter: MemberFilter) => ({
  businessId,
  userIds: filter.userIds ?? null,
  pattern: filter.searchKey ? `%${filter.searchKey.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
  teamIds: filter.teamIds ?? null,
  projectIds: filter.projectIds ?? null,
});

const shapeOf = (filter: MemberFilter) => [filter.userIds, filter.searchKey, filter.teamIds, filter.projectIds].map((present) => (present ? 1 : 0)).join('');

export type MemberPage = { page: number; size: number; sort?: 'name' | 'id'; dir?: 'asc' | 'desc' };

/** One page of the members' rows meeting the filter, and how many meet it. */
export async function findMemberRows(db: Db, businessId: number, filter: MemberFilter, page: MemberPage) {
  const shape = `members:${shapeOf(filter)}:${page.sort ?? 'id'}:${page.dir ?? 'asc'}`;
  const list = prepared(db, `${shape}:page`, () => {
    // Each order matches an index: (business_id, user_id) for ids, users (full_name, id) for names.
    const direction = page.dir === 'desc' ? desc : asc;
    const order = page.sort === 'name' ? [direction(users.fullName), direction(users.id)] : [direction(businessMembers.userId)];
    return selectRows(db)
      .where(whereOf(db, filter))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  });
  // Only a search looks at the users table; without one the membership index answers the count.
  const counted = prepared(db, `${shape}:count`, () =>
    filter.searchKey
      ? db.select({ total: count() }).from(businessMembers).innerJoin(users, eq(users.id, businessMembers.userId)).where(whereOf(db, filter))
      : db.select({ total: count() }).from(businessMembers).where(whereOf(db, filter)),
  );
  const values = { ...valuesOf(businessId, filter), limit: page.size, offset: page.page * page.size };
  const [rows, [{ total } = { total: 0 }]] = await readBoth(
    db,
    () => list.execute(values),
    () => counted.execute(values),
  );
  return { rows, total };
}

/**
 * The business role of a user in the business, whether they are activated, whether this business
 * created their account and whether they belong to, or are invited to, any other business; null
 * when not in it.
 */
export async function findMembership(db: Db, businessId: number, userId: number) {
  // Another business the person belongs to, or that is inviting them: an admin's reset here
  // would open its data (or its invitation) to this business.
  const elsewhere = sql<boolean>`(exists (select 1 from ${businessMembers} other where other.user_id = ${users.id} and other.business_id <> ${businessId})
    or exists (select 1 from ${invitations} other where other.user_id = ${users.id} and other.business_id <> ${businessId} and other.status = 'PENDING'))`;
  const [row] = await db
    .select({
      role: businessMembers.role,
      position: businessMembers.position,
      activated: users.activated,
      createdHere: sql<boolean>`coalesce(${users.createdByBusinessId} = ${businessId}, false)`,
      elsewhere,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      countryCode: users.countryCode,
    })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  return row ?? null;
}

/** Which of `userIds` belong to the business. */
export async function findMemberIds(db: Db, businessId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

export async function updateMembership(db: Db, businessId: number, userId: number, values: { role?: BusinessRole; position?: string | null }) {
  await db
    .update(businessMembers)
    .set(values)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
}

export async function updateUserDetails(db: Db, userId: number, values: { fullName: string; email: string; phone: string | null; countryCode: string | null }) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Activates a user now, spending their activation key. */
export async function activateUser(db: Db, userId: number) {
  await db.update(users).set({ activated: true, activationKey: null, activationExpiresAt: null }).where(eq(users.id, userId));
}

/** Takes a user out of the business: their site placements, then their membership. */
export async function deleteMembership(db: Db, businessId: number, userId: number) {
  await db.delete(teamMembers).where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.userId, userId)));
  await db.delete(businessMembers).where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
}

/** The member of the business whose account has the e-mail (claimed or not), or null. */
export async function findMemberByEmail(db: Db, businessId: number, email: string) {
  const [row] = await db
    .select({ id: users.id, activated: users.activated })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, businessId), eq(users.email, email)))
    .orderBy(asc(users.id))
    .limit(1);
  return row ?? null;
}

/** The basic details of those of `userIds` who belong to the business. */
export async function findBasicInfos(db: Db, businessId: number, userIds: number[]) {
  return db
    .select({ id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, businessId), inArray(users.id, userIds)));
}

/**
 * A free username made from the e-mail's local part and four random digits ("sara.ali.4821"). The
 * digits are random, not counted up past names already taken, so the name tells nothing of other
 * accounts made from the same address.
 */
/** The start of a username made from an e-mail (its local part) or a name's letters. */
function usernameStem(seed: string) {
  const [name = ''] = seed.split('@');
  const local = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '.')
    .replace(/^[^a-z]+/, '');
  return (local.length >= 3 ? local : `user.${local}`).slice(0, 40);
}

export async function freeUsernameFor(db: Db, email: string) {
  const stem = usernameStem(email);
  const candidates = [...new Set(Array.from({ length: 8 }, () => `${stem}.${String(crypto.randomInt(10_000)).padStart(4, '0')}`))];
  const rows = await db.select({ username: users.username }).from(users).where(inArray(users.username, candidates));
  const taken = new Set(rows.map((r) => r.username));
  return candidates.find((c) => !taken.has(c)) ?? `${stem}.${randomKey(3)}`;
}

/** A new user waiting for activation; null when the username or e-mail was taken meanwhile. */
export async function insertInvitedUser(
  db: Db,
  values: Pick<
    typeof users.$inferInsert,
    'username' | 'email' | 'fullName' | 'passwordHash' | 'activationKey' | 'activationExpiresAt' | 'createdByBusinessId' | 'mustChangePassword'
  >,
) {
  const [row] = await db
    .insert(users)
    .values({ ...values, activated: false, emailClaimed: false })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row?.id ?? null;
}

/**
 * Free usernames for many new accounts at once, one for each seed (an e-mail or a name's letters):
 * one look-up for all their candidates.
 */
export async function freeUsernamesFor(db: Db, seeds: readonly string[]): Promise<string[]> {
  const stems = seeds.map(usernameStem);
  const candidates = stems.map((stem) => [...new Set(Array.from({ length: 4 }, () => `${stem}.${randomKey(3)}`))]);
  const rows = await db.select({ username: users.username }).from(users).where(inArray(users.username, candidates.flat()));
  const taken = new Set(rows.map((r) => r.username));
  return candidates.map((list, i) => {
    const free = list.find((c) => !taken.has(c)) ?? `${stems[i]}.${randomKey(4)}`;
    taken.add(free);
    return free;
  });
}

/** Many new users waiting for activation in one statement; the ids by username (a taken one has none). */
export async function insertInvitedUsers(db: Db, values: Parameters<typeof insertInvitedUser>[1][]): Promise<Map<string, number>> {
  const rows = await db
    .insert(users)
    .values(values.map((v) => ({ ...v, activated: false, emailClaimed: false })))
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username });
  return new Map(rows.map((r) => [r.username, r.id]));
}

/** Adds many users to the business as MEMBERs in one statement. */
export async function addMemberships(db: Db, businessId: number, rows: { userId: number; position: string | null; externalId: string | null }[]) {
  if (rows.length === 0) return;
  await db
    .insert(businessMembers)
    .values(rows.map((r) => ({ businessId, role: 'MEMBER' as const, ...r })))
    .onConflictDoNothing();
}

/** Adds a user to the business as a MEMBER; a user already in it keeps their membership. */
export async function addMembership(db: Db, businessId: number, userId: number, values: { position: string | null; externalId: string | null }) {
  await db
    .insert(businessMembers)
    .values({ businessId, userId, role: 'MEMBER', ...values })
    .onConflictDoNothing();
}

const placementsOf = (db: Db) =>
  prepared(db, 'members:placements', () =>
    db
      .select({ userId: teamMembers.userId, id: teams.id, name: teams.name, authority: teamMembers.authority, position: teamMembers.position })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(eq(teamMembers.businessId, sql.placeholder('businessId')), anyOf(teamMembers.userId, 'ids')))
      .orderBy(asc(teams.name)),
  );

/** A member as listed, without their rank. */
export type MemberListed = Omit<Member, 'rank'>;

/** The rows as members, each with their sites, in one query whatever the number of rows. */
export async function withSites(db: Db, businessId: number, rows: Awaited<ReturnType<typeof selectRows>>): Promise<MemberListed[]> {
  const ids = rows.map((r) => r.userId);
  const memberships = ids.length ? await placementsOf(db).execute({ businessId, ids }) : [];
  return rows.map((r) => ({
    userId: r.userId,
    name: r.fullName,
    fullName: r.fullName,
    username: r.username,
    email: r.email,
    authority: r.role,
    position: r.position,
    status: r.activated ? 'ACTIVE' : 'INACTIVE',
    active: r.activated,
    phone: r.phone,
    countryCode: r.countryCode,
    bio: r.bio,
    avatar: r.avatar,
    imageUrl: r.avatar,
    businessId: r.businessId,
    externalId: r.externalId,
    createdHere: r.createdBy === businessId,
    teams: memberships.filter((m) => m.userId === r.userId).map(({ id, name, authority, position }) => ({ id, name, authority, position })),
  }));
}
