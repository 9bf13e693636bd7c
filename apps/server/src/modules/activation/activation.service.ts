// Activation by key: a key names one never-activated account, works until it expires, and is
// spent by the activation, which also accepts the invitation that created the account.
import { and, eq, gt, sql } from 'drizzle-orm';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { acceptCreatingInvitation } from '../invitations/invitations.repository.ts';
import { findActivationDetail } from './activation.repository.ts';

export async function requireActivationDetail(db: Db, key: string) {
  const found = await findActivationDetail(db, key);
  if (!found) throw notFound(MSG.activationKeyNotFound);
  const { expiresAt, ...detail } = found;
  // A key without an expiry is treated as expired: every key issued has one.
  if (!expiresAt || expiresAt.getTime() <= Date.now()) throw badRequest(MSG.activationKeyExpired, [{ field: 'key', message: MSG.activationKeyExpired }]);
  return detail;
}

/** Activates the account of a live key with the person's own name and password; answers the username. */
export async function activateByKey(db: Db, key: string, fullName: string, passwordHash: string) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ activated: true, activationKey: null, activationExpiresAt: null, mustChangePassword: false, fullName, passwordHash })
      .where(and(eq(users.activationKey, key), eq(users.activated, false), gt(users.activationExpiresAt, sql`now()`)))
      .returning({ id: users.id, username: users.username, createdBy: users.createdByBusinessId });
    if (!user) throw notFound(MSG.activationKeyNotFound);
    if (user.createdBy) await acceptCreatingInvitation(tx, user.id, user.createdBy);
    return user.username;
  });
}
