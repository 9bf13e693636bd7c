// Queries on kiosks, their sign-ins and members' kiosk PINs, always scoped by business (enrolment
// is the one read that is not: the code finds its row).
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { businessMembers, businesses, sessions, teamMembers, teams, users } from '../../../db/schema.ts';
import { kioskSignIns, kiosks } from '../../../db/schema-kiosks.ts';

export type KioskRow = typeof kiosks.$inferSelect & { siteName: string };
type Page = { page: number; size: number };

const kioskColumns = {
  id: kiosks.id,
  businessId: kiosks.businessId,
  teamId: kiosks.teamId,
  name: kiosks.name,
  codeHash: kiosks.codeHash,
  codeExpiresAt: kiosks.codeExpiresAt,
  deviceTokenHash: kiosks.deviceTokenHash,
  enrolledAt: kiosks.enrolledAt,
  revokedAt: kiosks.revokedAt,
  createdBy: kiosks.createdBy,
  createdAt: kiosks.createdAt,
  lastSeenAt: kiosks.lastSeenAt,
  siteName: teams.name,
};

/** The site's name, or null when the business has no such site. */
export async function findSiteName(db: Db, businessId: number, teamId: number) {
  const [row] = await db
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.businessId, businessId), eq(teams.id, teamId)));
  return row?.name ?? null;
}

export async function insertKiosk(db: Db, values: typeof kiosks.$inferInsert) {
  const [row] = await db.insert(kiosks).values(values).returning();
  if (!row) throw new Error('the insert returned no row');
  return row;
}

export async function findKiosk(db: Db, businessId: number, id: number): Promise<KioskRow | null> {
  const [row] = await db
    .select(kioskColumns)
    .from(kiosks)
    .innerJoin(teams, eq(teams.id, kiosks.teamId))
    .where(and(eq(kiosks.businessId, businessId), eq(kiosks.id, id)));
  return row ?? null;
}

/** A page of the business's kiosks, newest first. */
export async function findKiosks(db: Db, businessId: number, { page, size }: Page): Promise<{ rows: KioskRow[]; total: number }> {
  const rows = await db
    .select(kioskColumns)
    .from(kiosks)
    .innerJoin(teams, eq(teams.id, kiosks.teamId))
    .where(eq(kiosks.businessId, businessId))
    .orderBy(desc(kiosks.id))
    .limit(size)
    .offset(page * size);
  const [total] = await db.select({ value: count() }).from(kiosks).where(eq(kiosks.businessId, businessId));
  return { rows, total: total?.value ?? 0 };
}

/** The last successful sign-in on each of the kiosks, in one query. */
export async function findLastSignIns(db: Db, businessId: number, kioskIds: number[]) {
  if (kioskIds.length === 0) return new Map<number, { userId: number; name: string; at: Date }>();
  const rows = await db
    .selectDistinctOn([kioskSignIns.kioskId], { kioskId: kioskSignIns.kioskId, userId: kioskSignIns.userId, name: users.fullName, at: kioskSignIns.at })
    .from(kioskSignIns)
    .innerJoin(users, eq(users.id, kioskSignIns.userId))
    .where(and(eq(kioskSignIns.businessId, businessId), inArray(kioskSignIns.kioskId, kioskIds), eq(kioskSignIns.succeeded, true)))
    .orderBy(kioskSignIns.kioskId, desc(kioskSignIns.at), desc(kioskSignIns.id));
  return new Map(rows.map(({ kioskId, ...last }) => [kioskId, last]));
}

/** A page of a kiosk's sign-in attempts, newest first. */
export async function findSignIns(db: Db, businessId: number, kioskId: number, { page, size }: Page) {
  const where = and(eq(kioskSignIns.businessId, businessId), eq(kioskSignIns.kioskId, kioskId));
  const rows = await db
    .select({ id: kioskSignIns.id, userId: kioskSignIns.userId, name: users.fullName, at: kioskSignIns.at, succeeded: kioskSignIns.succeeded })
    .from(kioskSignIns)
    .innerJoin(users, eq(users.id, kioskSignIns.userId))
    .where(where)
    .orderBy(desc(kioskSignIns.at), desc(kioskSignIns.id))
    .limit(size)
    .offset(page * size);
  const [total] = await db.select({ value: count() }).from(kioskSignIns).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** Revokes a kiosk once (a second revocation keeps the first time); null when the business has no such kiosk. */
export async function revokeKioskRow(db: Db, businessId: number, id: number) {
  const [row] = await db
    .update(kiosks)
    .set({ revokedAt: sql`coalesce(${kiosks.revokedAt}, now())` })
    .where(and(eq(kiosks.businessId, businessId), eq(kiosks.id, id)))
    .returning({ id: kiosks.id });
  return row ?? null;
}

/** Ends the open member sessions of a kiosk, but `keep`. */
export async function endKioskSessions(db: Db, kioskId: number, keep?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.kioskId, kioskId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
}

/** Sets a member's PIN in one business; false when they are not its member. */
export async function setPinHash(db: Db, businessId: number, userId: number, pinHash: string) {
  const rows = await db
    .update(businessMembers)
    .set({ kioskPinHash: pinHash })
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
    .returning({ id: businessMembers.id });
  return rows.length > 0;
}

/** Sets a person's PIN in every business they belong to (when they activate their account). */
export async function setPinHashEverywhere(db: Db, userId: number, pinHash: string) {
  await db.update(businessMembers).set({ kioskPinHash: pinHash }).where(eq(businessMembers.userId, userId));
}

/**
 * Spends a live enrolment code: the kiosk is enrolled with the device token's hash. Null when the
 * code is unknown, used, expired or its kiosk revoked; two tablets sending one code get one kiosk.
 */
export async function enrolWithCode(db: Db, codeHash: string, deviceTokenHash: string) {
  const [row] = await db
    .update(kiosks)
    .set({ deviceTokenHash, enrolledAt: sql`now()`, lastSeenAt: sql`now()` })
    .where(and(eq(kiosks.codeHash, codeHash), isNull(kiosks.enrolledAt), isNull(kiosks.revokedAt), gt(kiosks.codeExpiresAt, sql`now()`)))
    .returning({ id: kiosks.id, name: kiosks.name, businessId: kiosks.businessId, teamId: kiosks.teamId });
  if (!row) return null;
  const [names] = await db
    .select({ siteName: teams.name, businessName: businesses.name, timeZone: businesses.timeZone })
    .from(teams)
    .innerJoin(businesses, eq(businesses.id, teams.businessId))
    .where(eq(teams.id, row.teamId));
  return { id: row.id, name: row.name, siteName: names?.siteName ?? '', businessName: names?.businessName ?? '', timeZone: names?.timeZone ?? 'UTC' };
}

/** Why a code did not enrol: what its kiosk is now, or null when no kiosk has it. */
export async function findCodeState(db: Db, codeHash: string) {
  const [row] = await db.select({ enrolledAt: kiosks.enrolledAt, revokedAt: kiosks.revokedAt }).from(kiosks).where(eq(kiosks.codeHash, codeHash));
  return row ?? null;
}

const siteMemberWhere = (kiosk: { businessId: number; teamId: number }) =>
  and(eq(teamMembers.businessId, kiosk.businessId), eq(teamMembers.teamId, kiosk.teamId), eq(users.activated, true));

function siteMembers(db: Db) {
  return db
    .select({ id: users.id, name: users.fullName, avatar: users.avatar, pinHash: businessMembers.kioskPinHash })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .innerJoin(businessMembers, and(eq(businessMembers.businessId, teamMembers.businessId), eq(businessMembers.userId, teamMembers.userId)));
}

/** The activated members of the kiosk's site, by name. */
export async function findSiteMembers(db: Db, kiosk: { businessId: number; teamId: number }) {
  const rows = await siteMembers(db).where(siteMemberWhere(kiosk)).orderBy(asc(users.fullName), asc(users.id));
  return rows.map(({ pinHash, ...member }) => ({ ...member, hasPin: pinHash !== null }));
}

/** One activated member of the kiosk's site with their PIN's hash, or null. */
export async function findSiteMember(db: Db, kiosk: { businessId: number; teamId: number }, userId: number) {
  const [row] = await siteMembers(db).where(and(siteMemberWhere(kiosk), eq(users.id, userId)));
  return row ?? null;
}

export async function insertSignIn(db: Db, values: typeof kioskSignIns.$inferInsert) {
  await db.insert(kioskSignIns).values(values);
}
