// The accounts a business may print activation cards for: those it created that are members of
// it and not yet activated, by name.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { businessMembers, users } from '../../../db/schema.ts';

/** The most cards one file holds (63 pages). */
export const MAX_CARDS = 500;

export async function findPendingAccounts(db: Db, businessId: number, userIds: readonly number[] | null) {
  return db
    .select({ userId: users.id, fullName: users.fullName, username: users.username })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(
      and(
        eq(businessMembers.businessId, businessId),
        eq(users.createdByBusinessId, businessId),
        eq(users.activated, false),
        userIds ? inArray(users.id, [...userIds]) : undefined,
      ),
    )
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(MAX_CARDS);
}
