// Activation keys: what a key tells the person holding it (who they are and which business
// invited them), activating with it, and an administrator reading or replacing a pending key.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { ActivationDetail } from '@fieldops/shared/account';
import type { Db } from '../../../db/client.ts';
import { hashKey } from '../../../lib/tokens.ts';
import { businesses, invitations, users } from '../../../db/schema.ts';

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
    .where(eq(users.activationKey, hashKey(key)))
    .limit(1);
  return row ?? null;
}

/** Activates the never-activated account of a live key with the person's name and password, spending the key; null otherwise. */
export async function activateWithKey(db: Db, key: string, values: { fullName: string; passwordHash: string }) {
  const [user] = await db
    .update(users)
    .set({ ...values, activated: true, activationKey: null, activationExpiresAt: null, mustChangePassword: false })
    .where(and(eq(users.activationKey, hashKey(key)), eq(users.activated, false), gt(users.activationExpiresAt, sql`now()`)))
    .returning({ id: users.id, username: users.username, createdBy: users.createdByBusinessId });
  return user ?? null;
}

/** The pending invitation that made an account is accepted when the account is activated. */
export async function acceptCreatingInvitationRow(db: Db, userId: number, businessId: number) {
  await db
    .update(invitations)
    .set({ status: 'ACCEPTED', respondedAt: sql`now()` })
    .where(and(eq(invitations.userId, userId), eq(invitations.businessId, businessId), eq(invitations.status, 'PENDING')));
}

const keyColumns = {
  userId: users.id,
  activated: users.activated,
  expiresAt: users.activationExpiresAt,
};

export async function findActivationKey(db: Db, userId: number) {
  const [row] = await db.select(keyColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** A new key and expiry for a never-activated account (the key is kept hashed); null when it is activated. */
export async function replaceActivationKey(db: Db, userId: number, values: { activationKey: string; activationExpiresAt: Date }) {
  const [row] = await db
    .update(users)
    .set({ activationKey: hashKey(values.activationKey), activationExpiresAt: values.activationExpiresAt })
    .where(and(eq(users.id, userId), eq(users.activated, false)))
    .returning(keyColumns);
  return row ? { ...row, activationKey: values.activationKey } : null;
}
