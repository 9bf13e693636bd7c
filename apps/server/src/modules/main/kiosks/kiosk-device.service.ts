// What an enrolled tablet does: it enrols once with its code (and is handed its device token), lists
// its site's members, and signs one of them in with their PIN for a short session that reaches only
// their schedules. Every PIN attempt is recorded; wrong PINs are counted in the database per member
// (on every kiosk) and per kiosk, so every instance refuses the same guesses.
import type { FastifyInstance } from 'fastify';
import { KIOSK_PIN_LIMITS, KIOSK_SESSION_MINUTES, type KioskSignInRequest } from '@fieldops/shared/kiosks';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../../lib/errors.ts';
import type { KioskDevice } from '../../../lib/kiosk-devices.ts';
import { verifyPassword } from '../../../lib/password.ts';
import { openSessionUntil } from '../../../lib/sessions.ts';
import { addToCounters, clearCounters, secondsUntil } from '../../../lib/throttle.ts';
import { hashKey, randomKey } from '../../../lib/tokens.ts';
import { endKioskSessions, enrolWithCode, findCodeState, findSiteMember, findSiteMembers, insertSignIn } from './kiosks.repository.ts';
import { codeHashOf } from './kiosks.service.ts';

export async function enrolKiosk(db: Db, code: string) {
  const codeHash = codeHashOf(code);
  const token = randomKey(32);
  const kiosk = await enrolWithCode(db, codeHash, hashKey(token));
  if (kiosk) return { token, kiosk };
  const state = await findCodeState(db, codeHash);
  if (!state) throw new AppError(404, MSG.kioskCodeNotFound, { fieldErrors: [{ field: 'code', message: MSG.kioskCodeNotFound }] });
  if (state.revokedAt) throw conflict(MSG.kioskRevoked, [{ field: 'code', message: MSG.kioskRevoked }]);
  if (state.enrolledAt) throw conflict(MSG.kioskCodeUsed, [{ field: 'code', message: MSG.kioskCodeUsed }]);
  throw badRequest(MSG.kioskCodeExpired, [{ field: 'code', message: MSG.kioskCodeExpired }]);
}

export async function kioskMembers(db: Db, device: KioskDevice) {
  return findSiteMembers(db, device);
}

const memberKey = (device: KioskDevice, userId: number) => `kiosk-pin:member:${device.businessId}:${userId}`;
const kioskKey = (device: KioskDevice) => `kiosk-pin:kiosk:${device.id}`;
const WINDOW_MS = KIOSK_PIN_LIMITS.windowMinutes * 60_000;

/**
 * Takes the attempt's place in both counters before the PIN is checked, so guesses sent at once are
 * held to the limits as the same guesses one by one; the time the refusal lasts when over either.
 */
async function reserveAttempt(db: Db, device: KioskDevice, userId: number): Promise<Date | null> {
  const totals = await addToCounters(
    db,
    new Map([
      [memberKey(device, userId), 1],
      [kioskKey(device), 1],
    ]),
    WINDOW_MS,
  );
  const member = totals.get(memberKey(device, userId));
  const kiosk = totals.get(kioskKey(device));
  if (member && member.count > KIOSK_PIN_LIMITS.perMember) return member.resetAt;
  if (kiosk && kiosk.count > KIOSK_PIN_LIMITS.perKiosk) return kiosk.resetAt;
  return null;
}

/** A right PIN forgets the member's wrong ones and gives its place back to the kiosk's count. */
async function forgiveAttempt(db: Db, device: KioskDevice, userId: number) {
  await clearCounters(db, [memberKey(device, userId)]);
  await addToCounters(db, new Map([[kioskKey(device), -1]]), WINDOW_MS);
}

/**
 * Signs a member of the kiosk's site in with their PIN: a session bound to this kiosk for
 * KIOSK_SESSION_MINUTES, the member session open on it before ended (the tablet is shared).
 */
export async function signInOnKiosk(app: FastifyInstance, device: KioskDevice, body: KioskSignInRequest) {
  const member = await findSiteMember(app.db, device, body.userId);
  if (!member) throw notFound(MSG.kioskMemberNotFound);
  const record = (succeeded: boolean) => insertSignIn(app.db, { businessId: device.businessId, kioskId: device.id, userId: member.id, succeeded });
  if (member.pinHash === null) {
    await record(false);
    throw conflict(MSG.kioskPinNotSet);
  }
  const refusedUntil = await reserveAttempt(app.db, device, member.id);
  if (refusedUntil) {
    await record(false);
    throw new AppError(429, MSG.kioskTooManyPins, { headers: { 'retry-after': String(secondsUntil(refusedUntil)) } });
  }
  if (!(await verifyPassword(member.pinHash, body.pin))) {
    await record(false);
    throw fieldError('pin', MSG.kioskPinWrong);
  }
  await forgiveAttempt(app.db, device, member.id);
  const expiresAt = new Date(Date.now() + KIOSK_SESSION_MINUTES * 60_000);
  const opened = await app.db.transaction(async (tx) => {
    await endKioskSessions(tx, device.id);
    const session = await openSessionUntil(tx, app.tokens, member.id, expiresAt, device.id);
    await insertSignIn(tx, { businessId: device.businessId, kioskId: device.id, userId: member.id, succeeded: true });
    return session;
  });
  return { id_token: opened.token, expiresAt: expiresAt.toISOString(), member: { id: member.id, name: member.name, avatar: member.avatar } };
}
