// Queries of single sign-on: a business's provider (by business, or by its sign-in name for the
// public sign-in), the sign-ins under way, and the accounts linked to a provider's subjects.
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { businessMembers, users } from '../../../db/schema.ts';
import { ssoProviders, ssoSignIns, userIdentities } from '../../../db/schema-integrations.ts';

export type ProviderRow = typeof ssoProviders.$inferSelect;
export type SignInRow = typeof ssoSignIns.$inferSelect;

export async function findProvider(db: Db, businessId: number) {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.businessId, businessId));
  return row ?? null;
}

export async function findProviderBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.slug, slug));
  return row ?? null;
}

/** Whether another business has taken this sign-in name. */
export async function slugTakenByOther(db: Db, businessId: number, slug: string) {
  const [row] = await db
    .select({ businessId: ssoProviders.businessId })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.slug, slug), ne(ssoProviders.businessId, businessId)));
  return Boolean(row);
}

export async function upsertProvider(db: Db, values: Omit<typeof ssoProviders.$inferInsert, 'createdAt' | 'updatedAt'>) {
  const { businessId, ...rest } = values;
  const [row] = await db
    .insert(ssoProviders)
    .values(values)
    .onConflictDoUpdate({ target: ssoProviders.businessId, set: { ...rest, updatedAt: sql`now()` } })
    .returning();
  if (!row || row.businessId !== businessId) throw new Error('the upsert returned no row');
  return row;
}

export async function deleteProviderRow(db: Db, businessId: number) {
  const [row] = await db.delete(ssoProviders).where(eq(ssoProviders.businessId, businessId)).returning();
  return row ?? null;
}

/** A new sign-in under way; sign-ins long over go at the same time. */
export async function insertSignIn(db: Db, values: typeof ssoSignIns.$inferInsert) {
  await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(ssoSignIns).values(values);
}

export async function findSignIn(db: Db, stateHash: string) {
  const [row] = await db.select().from(ssoSignIns).where(eq(ssoSignIns.stateHash, stateHash));
  return row ?? null;
}

/** Marks the sign-in used, if no one else did and it has not expired: true for the one caller that did. */
export async function useSignIn(db: Db, id: number) {
  const rows = await db
    .update(ssoSignIns)
    .set({ usedAt: sql`now()` })
    .where(and(eq(ssoSignIns.id, id), isNull(ssoSignIns.usedAt), gt(ssoSignIns.expiresAt, sql`now()`)))
    .returning({ id: ssoSignIns.id });
  return rows.length === 1;
}

/** The provider's answer names an account to link: the link waits for its owner's confirmation until `expiresAt`. */
export async function setPendingLink(
  db: Db,
  id: number,
  link: { linkTokenHash: string; linkUserId: number; linkSubject: string; linkEmail: string; expiresAt: Date },
) {
  await db.update(ssoSignIns).set(link).where(eq(ssoSignIns.id, id));
}

/** A link waiting for confirmation, with the account's name and password and the provider's label and issuer. */
export async function findPendingLink(db: Db, linkTokenHash: string) {
  const [row] = await db
    .select({
      id: ssoSignIns.id,
      businessId: ssoSignIns.businessId,
      userId: ssoSignIns.linkUserId,
      subject: ssoSignIns.linkSubject,
      email: ssoSignIns.linkEmail,
      returnTo: ssoSignIns.returnTo,
      username: users.username,
      passwordHash: users.passwordHash,
      label: ssoProviders.label,
      issuer: ssoProviders.issuer,
      enabled: ssoProviders.enabled,
    })
    .from(ssoSignIns)
    .innerJoin(users, eq(users.id, ssoSignIns.linkUserId))
    .innerJoin(ssoProviders, eq(ssoProviders.businessId, ssoSignIns.businessId))
    .where(and(eq(ssoSignIns.linkTokenHash, linkTokenHash), isNull(ssoSignIns.linkedAt), gt(ssoSignIns.expiresAt, sql`now()`)));
  return row ?? null;
}

/** Marks the pending link done, once: true for the one caller that did. */
export async function markLinked(db: Db, id: number) {
  const rows = await db
    .update(ssoSignIns)
    .set({ linkedAt: sql`now()` })
    .where(and(eq(ssoSignIns.id, id), isNull(ssoSignIns.linkedAt), gt(ssoSignIns.expiresAt, sql`now()`)))
    .returning({ id: ssoSignIns.id });
  return rows.length === 1;
}

export async function insertIdentity(db: Db, values: { userId: number; businessId: number; issuer: string; subject: string; email: string | null }) {
  const [row] = await db
    .insert(userIdentities)
    .values({ ...values, lastSignInAt: sql`now()` })
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  return row ?? null;
}

/**
 * Whether the account belongs to a business other than `businessId`. A business's provider speaks
 * only for accounts that belong to that business alone: its administrators choose the provider,
 * and a session is the person's in every business they belong to.
 */
const inOtherBusinesses = (businessId: number) =>
  sql<boolean>`exists (select 1 from ${businessMembers} o where o.user_id = ${users.id} and o.business_id <> ${businessId})`;

/** The account linked to the provider's subject, while it is activated and a member of the business. */
export async function findLinkedMember(db: Db, businessId: number, issuer: string, subject: string) {
  const [row] = await db
    .select({
      identityId: userIdentities.id,
      userId: users.id,
      activated: users.activated,
      member: businessMembers.userId,
      otherBusinesses: inOtherBusinesses(businessId),
    })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .leftJoin(businessMembers, and(eq(businessMembers.userId, users.id), eq(businessMembers.businessId, businessId)))
    .where(and(eq(userIdentities.businessId, businessId), eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return row ?? null;
}

export async function touchIdentity(db: Db, identityId: number) {
  await db
    .update(userIdentities)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(userIdentities.id, identityId));
}

/**
 * The activated account whose own (claimed) e-mail is `email`, when it is a member of the business
 * and not yet linked to this provider under another subject.
 */
export async function findLinkCandidate(db: Db, businessId: number, issuer: string, email: string) {
  const [row] = await db
    .select({ id: users.id, otherBusinesses: inOtherBusinesses(businessId) })
    .from(users)
    .innerJoin(businessMembers, and(eq(businessMembers.userId, users.id), eq(businessMembers.businessId, businessId)))
    .where(
      and(
        eq(users.email, email),
        eq(users.emailClaimed, true),
        eq(users.activated, true),
        sql`not exists (select 1 from ${userIdentities} where ${userIdentities.userId} = ${users.id} and ${userIdentities.businessId} = ${businessId} and ${userIdentities.issuer} = ${issuer})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The businesses whose single sign-on the person must use: an enabled provider that is required,
 * in a business where they are not an owner, when it is the only business they belong to.
 */
export async function requiredProviderLabels(db: Db, userId: number) {
  return db
    .select({ label: ssoProviders.label, slug: ssoProviders.slug })
    .from(businessMembers)
    .innerJoin(ssoProviders, eq(ssoProviders.businessId, businessMembers.businessId))
    .where(
      and(
        eq(businessMembers.userId, userId),
        ne(businessMembers.role, 'OWNER'),
        eq(ssoProviders.enabled, true),
        eq(ssoProviders.required, true),
        sql`not exists (select 1 from ${businessMembers} o where o.user_id = ${userId} and o.business_id <> ${businessMembers.businessId})`,
      ),
    );
}
