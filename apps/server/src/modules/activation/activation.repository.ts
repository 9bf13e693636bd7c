// What an activation key tells the person holding it: who they are and which business invited them.
import { asc, eq } from 'drizzle-orm';
import type { ActivationDetail } from '@fieldops/shared/account';
import type { Db } from '../../db/client.ts';
import { businessMembers, businesses, users } from '../../db/schema.ts';

export async function findActivationDetail(db: Db, key: string): Promise<ActivationDetail | null> {
  const [row] = await db
    .select({
      username: users.username,
      email: users.email,
      fullName: users.fullName,
      activated: users.activated,
      businessName: businesses.name,
    })
    .from(users)
    .leftJoin(businessMembers, eq(businessMembers.userId, users.id))
    .leftJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(users.activationKey, key))
    .orderBy(asc(businessMembers.id))
    .limit(1);
  return row ?? null;
}
