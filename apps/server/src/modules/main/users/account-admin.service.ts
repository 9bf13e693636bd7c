// What a business's admins may do to a member's account, and no more (DESIGN §4): read and
// re-issue the activation key of an account the business created while it is not activated,
// reset the password of an account the business created that belongs to, or is invited to, no
// other business, and see and lift the sign-in limit of an account it created that is still pending.
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';
import { hashNewPassword } from '../../../lib/password.ts';
import type { Caller } from '../../../policies/caller.ts';
import { setPasswordToReplace } from '../account/account.service.ts';
import { activationKeyOf, renewActivationKey } from '../activation/activation.service.ts';
import { accountLock, unlockAccount } from '../../../lib/login-limiter.ts';
import { requireMembership } from '../members/members.service.ts';
import { recordEvent } from '../../platform/events/events.service.ts';

/** The key of a pending account this business created; 404 otherwise, saying why. */
async function pendingAccountOf(db: Db, caller: Caller, userId: number) {
  const target = await requireMembership(db, caller.businessId, userId);
  if (!target.createdHere || target.activated) throw notFound(MSG.activationKeyNotAvailable);
}

/** The key itself only when it was just issued: it is kept hashed, so a read shows its expiry alone. */
const presentKey = (row: { userId: number; activated: boolean; expiresAt: Date | null }, activationKey: string | null = null) => ({
  userId: row.userId,
  activationKey,
  activated: row.activated,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

export async function readActivationKey(db: Db, caller: Caller, userId: number) {
  await pendingAccountOf(db, caller, userId);
  const row = await activationKeyOf(db, userId);
  if (!row) throw notFound(MSG.activationKeyNotAvailable);
  return presentKey(row);
}

/** A new key for another week; the old one stops working. */
export async function issueActivationKey(db: Db, caller: Caller, userId: number) {
  await pendingAccountOf(db, caller, userId);
  const row = await renewActivationKey(db, userId);
  if (!row) throw notFound(MSG.activationKeyNotAvailable);
  return presentKey(row, row.activationKey);
}

/**
 * An admin's reset: the member signs in with it once and then chooses their own; every session
 * of theirs ends. Only for an account this business created and that belongs to no other
 * business, whose data the reset would otherwise open.
 */
export async function resetPassword(db: Db, caller: Caller, userId: number, password: string) {
  const target = await requireMembership(db, caller.businessId, userId);
  if (userId === caller.userId || !target.createdHere || target.elsewhere) throw forbidden(MSG.identityOwnedByPerson);
  if (target.role === 'ADMIN' && caller.role !== 'OWNER') throw forbidden(MSG.onlyOwnerManagesAdmins);
  const hash = await hashNewPassword(password, 'password');
  await db.transaction(async (tx) => {
    await setPasswordToReplace(tx, userId, hash);
    // That a password was set, never the password.
    await recordEvent(tx, {
      businessId: caller.businessId,
      kind: 'member.password_set',
      actorId: caller.userId,
      data: { target: { type: 'member', id: userId, name: target.fullName } },
    });
  });
}

/**
 * A sign-in limit is the person's own business: another business they belong to could otherwise
 * watch, or lift, the limit that holds back someone guessing their password. Only the business
 * that created a still-pending account reads and lifts its limit.
 */
async function pendingAccountOfHere(db: Db, caller: Caller, userId: number) {
  const target = await requireMembership(db, caller.businessId, userId);
  if (!target.createdHere || target.activated) throw forbidden(MSG.signInLockNotAvailable);
}

export async function readSignInLock(db: Db, caller: Caller, userId: number) {
  await pendingAccountOfHere(db, caller, userId);
  const until = await accountLock(db, userId);
  return { locked: until !== null, until: until?.toISOString() ?? null };
}

export async function liftSignInLock(db: Db, caller: Caller, userId: number) {
  await pendingAccountOfHere(db, caller, userId);
  await unlockAccount(db, userId);
}
