// A user's own record: their details, avatar, password and business identities.
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Account } from '@fieldops/shared/account';
import type { Db } from '../../../db/client.ts';
import { businessMembers, businesses, users } from '../../../db/schema.ts';

export async function findAccount(db: Db, userId: number): Promise<Account | null> {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      email: users.email,
      avatar: users.avatar,
      countryCode: users.countryCode,
      phone: users.phone,
      bio: users.bio,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const identities = await db
    .select({
      businessId: businesses.id,
      businessName: businesses.name,
      apiKey: businesses.apiKey,
      defaultBusiness: businessMembers.defaultBusiness,
      role: businessMembers.role,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
    .orderBy(asc(businessMembers.id));
  return { ...user, businessIdentities: identities };
}

/**
 * Which of `fields` already belong to another user. An e-mail is taken only by an account that
 * claims it, and only matters to an account that claims its own (`exceptUserId`'s, or a new one):
 * an unclaimed address is shared by no one (schema: users.emailClaimed).
 */
export async function findTakenIdentity(db: Db, fields: { username?: string; email?: string }, exceptUserId?: number) {
  const claimsOwn = exceptUserId ? sql`exists (select 1 from ${users} own where own.id = ${exceptUserId} and own.email_claimed)` : undefined;
  const [row] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        or(
          fields.username ? eq(users.username, fields.username) : undefined,
          fields.email ? and(eq(users.email, fields.email), eq(users.emailClaimed, true), claimsOwn) : undefined,
        ),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  if (!row) return null;
  return row.username === fields.username ? 'username' : 'email';
}

/** The fields of a person's profile: their own, or kept by the business that created the account. */
export type ProfileValues = Partial<Pick<typeof users.$inferInsert, 'fullName' | 'email' | 'countryCode' | 'phone' | 'bio' | 'avatar'>>;

export async function updateProfileRow(db: Db, userId: number, values: ProfileValues) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** The user's avatar URL (null without one); null when there is no such user. */
export async function findAvatar(db: Db, userId: number) {
  const [row] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findPasswordHash(db: Db, userId: number) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

export async function updatePassword(db: Db, userId: number, passwordHash: string, mustChangePassword: boolean) {
  await db.update(users).set({ passwordHash, mustChangePassword }).where(eq(users.id, userId));
}
