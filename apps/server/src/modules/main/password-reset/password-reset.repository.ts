// Reset links: stored by the hash of their token, one use, until they expire.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { businessMembers, users } from '../../../db/schema.ts';
import { passwordResets } from '../../../db/schema-platform.ts';

/** The account that owns `email` (claimed addresses only), with what its message needs. */
export async function accountWithEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, username: users.username, language: users.language, activated: users.activated })
    .from(users)
    .where(and(eq(users.email, email), eq(users.emailClaimed, true)));
  return row ?? null;
}

export async function defaultBusinessOf(db: Db, userId: number) {
  const [row] = await db
    .select({ businessId: businessMembers.businessId })
    .from(businessMembers)
    .where(eq(businessMembers.userId, userId))
    .orderBy(sql`${businessMembers.defaultBusiness} desc`)
    .limit(1);
  return row?.businessId ?? null;
}

export async function insertReset(tx: Db, userId: number, tokenHash: string, expiresAt: Date) {
  const [row] = await tx.insert(passwordResets).values({ userId, tokenHash, expiresAt }).returning({ id: passwordResets.id });
  return row!.id;
}

/** Takes a live link: marks it used and returns its user; null for an unknown, used or expired one. */
export async function useReset(tx: Db, tokenHash: string) {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/** Ends the person's other links once one is used. */
export async function endResets(tx: Db, userId: number) {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function setNewPassword(tx: Db, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash, mustChangePassword: false, emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}
