// Registration's queries: the new user, how many businesses they belong to, and a new business
// with its owner, its lookups and its ticket categories.
import { count, eq } from 'drizzle-orm';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { businessMembers, businesses, lookups, users } from '../../../db/schema.ts';
import { ticketCategories } from '../../../db/schema-helpdesk.ts';

/** A new activated user; null when the username or e-mail was taken meanwhile. */
export async function insertRegisteredUser(db: Db, values: Pick<typeof users.$inferInsert, 'username' | 'email' | 'fullName' | 'passwordHash'>) {
  const [user] = await db
    .insert(users)
    .values({ ...values, activated: true })
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username, email: users.email });
  return user ?? null;
}

export async function countBusinessesOf(db: Db, userId: number) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(businessMembers).where(eq(businessMembers.userId, userId));
  return n;
}

export async function insertBusiness(db: Db, values: Pick<typeof businesses.$inferInsert, 'name' | 'colour' | 'timeZone' | 'industryId' | 'apiKey'>) {
  const [business] = await db.insert(businesses).values(values).returning();
  return must(business, 'an insert returns its row');
}

/** The owner's membership (their default business), and the business's first lookups and ticket categories. */
export async function insertBusinessDefaults(
  db: Db,
  businessId: number,
  ownerId: number,
  defaults: {
    lookups: readonly Omit<typeof lookups.$inferInsert, 'id' | 'businessId'>[];
    categories: readonly Omit<typeof ticketCategories.$inferInsert, 'id' | 'businessId'>[];
  },
) {
  await db.insert(businessMembers).values({ businessId, userId: ownerId, role: 'OWNER', defaultBusiness: true });
  await db.insert(lookups).values(defaults.lookups.map((l) => ({ ...l, businessId })));
  await db.insert(ticketCategories).values(defaults.categories.map((c) => ({ ...c, businessId })));
}
