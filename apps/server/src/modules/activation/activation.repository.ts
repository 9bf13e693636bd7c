// What an activation key tells the person holding it: who they are and which business invited them.
import { eq } from 'drizzle-orm';
import type { ActivationDetail } from '@fieldops/shared/account';
import type { Db } from '../../db/client.ts';
import { businesses, users } from '../../db/schema.ts';

export async function findActivationDetail(db: Db, key: string): Promise<(ActivationDetail & { expiresAt: Date | null }) | null> {
  const [row] = await db
    .select({
      username: users.username,
      email: users.email,
      fullName: users.fullName,
      activated: users.activated,
      businessName: businesses.name,
      expiresAt: users.activationExpiresAt,
    })
    .from(users)
    .leftJoin(businesses, eq(businesses.id, users.createdByBusinessId))
    .where(eq(users.activationKey, key))
    .limit(1);
  return row ?? null;
}
