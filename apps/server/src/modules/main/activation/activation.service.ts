// Activation by key: a key names one never-activated account, works until it expires (a week),
// and is spent by the activation, which also accepts the invitation that created the account.
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { randomKey } from '../../../lib/tokens.ts';
import { setOwnPinHash } from '../kiosks/kiosks.service.ts';
import { acceptCreatingInvitationRow, activateWithKey, findActivationDetail, findActivationKey, replaceActivationKey } from './activation.repository.ts';

/** How long an activation key works (DESIGN §4); an admin of the creating business can issue another. */
export const ACTIVATION_KEY_DAYS = 7;
export const activationExpiry = () => new Date(Date.now() + ACTIVATION_KEY_DAYS * 24 * 60 * 60 * 1000);

export async function requireActivationDetail(db: Db, key: string) {
  const found = await findActivationDetail(db, key);
  if (!found) throw notFound(MSG.activationKeyNotFound);
  const { expiresAt, ...detail } = found;
  // A key without an expiry is treated as expired: every key issued has one.
  if (!expiresAt || expiresAt.getTime() <= Date.now()) throw badRequest(MSG.activationKeyExpired, [{ field: 'key', message: MSG.activationKeyExpired }]);
  return detail;
}

/**
 * Activates the account of a live key with the person's own name and password, and the kiosk PIN
 * they chose if any; answers the username.
 */
export async function activateByKey(db: Db, key: string, fullName: string, passwordHash: string, pinHash: string | null = null) {
  return db.transaction(async (tx) => {
    const user = await activateWithKey(tx, key, { fullName, passwordHash });
    if (!user) throw notFound(MSG.activationKeyNotFound);
    if (user.createdBy) {
      await acceptCreatingInvitationRow(tx, user.id, user.createdBy);
      // The business that invited them hears of it (its audit log, its webhooks).
      await recordEvent(tx, {
        businessId: user.createdBy,
        kind: 'member.activated',
        actorId: user.id,
        data: { target: { type: 'member', id: user.id, name: fullName }, before: { activated: false }, after: { activated: true, by: 'member' } },
      });
    }
    if (pinHash) await setOwnPinHash(tx, user.id, pinHash);
    return user.username;
  });
}

/** An account activated otherwise (an admin's 'Activate Member Now') accepts the invitation that created it too; call inside its transaction. */
export const acceptCreatingInvitation = (tx: Db, userId: number, businessId: number) => acceptCreatingInvitationRow(tx, userId, businessId);

/** The account's activation key, whether it is activated and when the key expires; null without the user. */
export const activationKeyOf = (db: Db, userId: number) => findActivationKey(db, userId);

/** A new key for another week, the old one no longer working; null when the account is activated. */
export const renewActivationKey = (db: Db, userId: number) =>
  replaceActivationKey(db, userId, { activationKey: randomKey(), activationExpiresAt: activationExpiry() });
