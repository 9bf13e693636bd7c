// Kiosks as administrators see them: a kiosk is made for one site with a one-time enrolment code
// (shown once, kept hashed, working for a day), listed with its state, last contact and last
// sign-in, and revoked at once: its device token and every member session on it stop working.
// Administrators also set members' kiosk PINs; a member sets their own when they activate.
import crypto from 'node:crypto';
import { KIOSK_CODE_ALPHABET, KIOSK_CODE_HOURS, KIOSK_CODE_LENGTH, type CreateKioskRequest, type Kiosk, type KioskState } from '@fieldops/shared/kiosks';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { missingReference, notFound } from '../../../lib/errors.ts';
import { hashPassword } from '../../../lib/password.ts';
import { hashKey } from '../../../lib/tokens.ts';
import type { Caller } from '../../../policies/caller.ts';
import {
  endKioskSessions,
  findKiosk,
  findKiosks,
  findLastSignIns,
  findSignIns,
  findSiteName,
  insertKiosk,
  revokeKioskRow,
  setPinHash,
  setPinHashEverywhere,
  type KioskRow,
} from './kiosks.repository.ts';

type Page = { page: number; size: number };

/** A new enrolment code: KIOSK_CODE_LENGTH characters of an alphabet without look-alikes. */
export const newEnrolmentCode = () =>
  Array.from({ length: KIOSK_CODE_LENGTH }, () => KIOSK_CODE_ALPHABET[crypto.randomInt(KIOSK_CODE_ALPHABET.length)]).join('');
/** A code as typed: any case, with spaces or dashes between groups. */
export const codeHashOf = (code: string) => hashKey(code.toUpperCase().replace(/[\s-]/g, ''));

function stateOf(row: KioskRow, now = Date.now()): KioskState {
  if (row.revokedAt) return 'REVOKED';
  if (row.enrolledAt) return 'ENROLLED';
  return row.codeExpiresAt.getTime() <= now ? 'EXPIRED' : 'PENDING';
}

function present(row: KioskRow, last: { userId: number; name: string; at: Date } | undefined): Kiosk {
  return {
    id: row.id,
    name: row.name,
    teamId: row.teamId,
    siteName: row.siteName,
    state: stateOf(row),
    createdAt: row.createdAt.toISOString(),
    codeExpiresAt: row.enrolledAt ? null : row.codeExpiresAt.toISOString(),
    enrolledAt: row.enrolledAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    lastSignIn: last ? { userId: last.userId, name: last.name, at: last.at.toISOString() } : null,
  };
}

export async function createKiosk(db: Db, caller: Caller, body: CreateKioskRequest) {
  const siteName = await findSiteName(db, caller.businessId, body.teamId);
  if (siteName === null) throw missingReference('teamId', MSG.siteNotFound);
  const enrolmentCode = newEnrolmentCode();
  const row = await insertKiosk(db, {
    businessId: caller.businessId,
    teamId: body.teamId,
    name: body.name,
    codeHash: codeHashOf(enrolmentCode),
    codeExpiresAt: new Date(Date.now() + KIOSK_CODE_HOURS * 60 * 60 * 1000),
    createdBy: caller.userId,
  });
  return { kiosk: present({ ...row, siteName }, undefined), enrolmentCode };
}

export async function listKiosks(db: Db, caller: Caller, page: Page) {
  const { rows, total } = await findKiosks(db, caller.businessId, page);
  const last = await findLastSignIns(
    db,
    caller.businessId,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => present(row, last.get(row.id))), total };
}

async function requireKiosk(db: Db, caller: Caller, id: number) {
  const row = await findKiosk(db, caller.businessId, id);
  if (!row) throw notFound(MSG.kioskNotFound);
  return row;
}

export async function kioskSignIns(db: Db, caller: Caller, id: number, page: Page) {
  await requireKiosk(db, caller, id);
  const { rows, total } = await findSignIns(db, caller.businessId, id, page);
  return { items: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total };
}

/** Revokes the kiosk and ends the member sessions open on it, in one transaction. */
export async function revokeKiosk(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const row = await revokeKioskRow(tx, caller.businessId, id);
    if (!row) throw notFound(MSG.kioskNotFound);
    await endKioskSessions(tx, id);
  });
}

/** An administrator sets a member's PIN; 404 when the person is not a member of the business. */
export async function setMemberPin(db: Db, caller: Caller, userId: number, pin: string) {
  const pinHash = await hashPassword(pin);
  if (!(await setPinHash(db, caller.businessId, userId, pinHash))) throw notFound(MSG.userNotFound);
}

/** The PIN a person chose when activating their account, for every business they belong to; call inside its transaction. */
export const setOwnPinHash = (tx: Db, userId: number, pinHash: string) => setPinHashEverywhere(tx, userId, pinHash);
