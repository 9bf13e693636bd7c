// The signed-in user's own record and their business identities.
import { and, asc, eq, ne, or } from 'drizzle-orm';
import type { Account } from '@fieldops/shared/account';
import type { Db } from '../../db/client.ts';
import { businessMembers, businesses, users } from '../../db/schema.ts';

export async function findAccount(db: Db, userId: number): Promise<Account | null> {
  const [user] = await db
    .select({
      id: users.id, username: users.username, fullName: users.fullName, email: users.email,
      avatar: users.avatar, countryCode: users.countryCode, phone: users.phone, bio: users.bio,
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

/** Which of `fields` already belong to another user. */
export async function findTakenIdentity(db: Db, fields: { username?: string; email?: string }, exceptUserId?: number) {
  const [row] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        or(
          fields.username ? eq(users.username, fields.username) : undefined,
          fields.email ? eq(users.email, fields.email) : undefined,
        ),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  if (!row) return null;
  return row.username === fields.username ? 'username' : 'email';
}
