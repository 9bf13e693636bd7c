// Two-factor sign-in's queries: a person's authenticator, their recovery codes, the second steps of
// sign-ins on their way, and the businesses' security settings.
import { and, count, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { businessMembers, users } from '../../../db/schema.ts';
import { businessSecurity, recoveryCodes, signInChallenges, userTotp } from '../../../db/schema-integrations.ts';

export async function findTotp(db: Db, userId: number) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row ?? null;
}

/** Starts (or starts again) an enrolment with a new secret; leaves an authenticator already on untouched. */
export async function startTotp(db: Db, userId: number, secret: string) {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret, lastStep: null, createdAt: sql`now()` }, setWhere: isNull(userTotp.enabledAt) })
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/**
 * Takes a code's time step: true when no code of this step or a later one was taken before. One
 * statement, so of two requests sending the same code at once only one gets it.
 */
export async function takeStep(db: Db, userId: number, step: number) {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/** Turns on an enrolment under way, its confirming code's step taken; false when it was no longer under way. */
export async function enableTotp(db: Db, userId: number, secret: string, step: number) {
  const rows = await db
    .update(userTotp)
    .set({ enabledAt: sql`now()`, lastStep: step })
    .where(and(eq(userTotp.userId, userId), eq(userTotp.secret, secret), isNull(userTotp.enabledAt)))
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function deleteTotp(db: Db, userId: number) {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Replaces every recovery code of the person by these (hashed). */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code: true when it was the person's and unused (once, whatever runs at the same time). */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Whether a business the person belongs to requires two-factor of their role there (owners and administrators). */
export async function requiredOfUser(db: Db, userId: number) {
  const [row] = await db
    .select({ businessId: businessMembers.businessId })
    .from(businessMembers)
    .innerJoin(businessSecurity, eq(businessSecurity.businessId, businessMembers.businessId))
    .where(and(eq(businessMembers.userId, userId), inArray(businessMembers.role, ['OWNER', 'ADMIN']), eq(businessSecurity.requireTwoFactor, true)))
    .limit(1);
  return Boolean(row);
}

/** The label an authenticator app shows for the account: its username. */
export async function accountLabel(db: Db, userId: number) {
  const [row] = await db.select({ username: users.username, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function insertChallenge(db: Db, values: typeof signInChallenges.$inferInsert) {
  await db.insert(signInChallenges).values(values);
  // Steps long past their end are of no further use; they go as new ones come.
  await db.delete(signInChallenges).where(sql`${signInChallenges.expiresAt} < now() - interval '1 day'`);
}

/** A second step still open: not used, not expired. */
export async function findOpenChallenge(db: Db, challengeHash: string) {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.challengeHash, challengeHash), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, sql`now()`)));
  return row ?? null;
}

/** Counts a wrong code against a step; at `max` the step is over. Answers the attempts so far. */
export async function countWrongCode(db: Db, id: number, max: number) {
  const [row] = await db
    .update(signInChallenges)
    .set({
      attempts: sql`${signInChallenges.attempts} + 1`,
      usedAt: sql`case when ${signInChallenges.attempts} + 1 >= ${max} then now() else null end`,
    })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt)))
    .returning({ attempts: signInChallenges.attempts });
  return row?.attempts ?? max;
}

/** Ends a step that succeeded: true for the one request that ends it. */
export async function useChallenge(db: Db, id: number) {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, sql`now()`)))
    .returning({ id: signInChallenges.id });
  return rows.length > 0;
}

/** The businesses the person belongs to (their audit entries go to each). */
export async function businessesOf(db: Db, userId: number) {
  const rows = await db.select({ businessId: businessMembers.businessId }).from(businessMembers).where(eq(businessMembers.userId, userId));
  return rows.map((r) => r.businessId);
}

export async function findBusinessSecurity(db: Db, businessId: number) {
  const [row] = await db.select().from(businessSecurity).where(eq(businessSecurity.businessId, businessId));
  return row ?? null;
}

export async function saveBusinessSecurity(db: Db, businessId: number, values: { requireTwoFactor: boolean; auditRetentionDays: number }) {
  await db
    .insert(businessSecurity)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: businessSecurity.businessId, set: { ...values, updatedAt: sql`now()` } });
}

export const hasTotp = isNotNull(userTotp.enabledAt);
