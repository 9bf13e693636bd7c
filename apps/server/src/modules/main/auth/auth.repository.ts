// Sign-in's query: the account a username or e-mail names.
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';

/** The user whose username or claimed e-mail is `login` (already lower-cased), or null. */
export async function findSignInUser(db: Db, login: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, activated: users.activated })
    .from(users)
    .where(or(eq(users.username, login), and(eq(users.email, login), eq(users.emailClaimed, true))))
    .limit(1);
  return user ?? null;
}
