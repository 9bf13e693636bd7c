// Server-side sessions (DESIGN §4): a token names a session row, and every request checks that
// the row is still open. Ending a session is one UPDATE that every instance sees at once.
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { newSessionId, sessionLifetimeMs, type TokenService } from './tokens.ts';

/** Opens a session for a user and signs its token. */
export async function openSession(db: Db, tokens: TokenService, userId: number, rememberMe: boolean) {
  const expiresAt = new Date(Date.now() + sessionLifetimeMs(rememberMe));
  return (await openSessionUntil(db, tokens, userId, expiresAt)).token;
}

/** Opens a session that ends at `expiresAt`; with `kioskId`, one that reaches only what a kiosk allows. */
export async function openSessionUntil(db: Db, tokens: TokenService, userId: number, expiresAt: Date, kioskId: number | null = null) {
  const sessionId = newSessionId();
  await db.insert(sessions).values({ id: sessionId, userId, expiresAt, kioskId });
  return { sessionId, token: await tokens.sign({ userId, sessionId }, expiresAt) };
}

/**
 * The user of an open session of an activated account, with whether they must choose their own
 * password first, when the session ends and the kiosk it is bound to (if any); null when it ended, expired or belongs to someone
 * else. Requests find it through lib/callers.ts, which keeps it in memory.
 */
export async function findSessionUser(db: Db, sessionId: string, userId: number) {
  const [row] = await db
    .select({ id: users.id, mustChangePassword: users.mustChangePassword, expiresAt: sessions.expiresAt, kioskId: sessions.kioskId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), eq(users.activated, true)),
    );
  return row ?? null;
}

export async function endSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of a user, except `keep` (the caller's own, after a password change). */
export async function endUserSessions(db: Db, userId: number, keep?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
  // Sessions long past their end are of no further use; they go when their user's sessions change.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} < now() - interval '1 day'`));
}
