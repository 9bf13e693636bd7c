// A person's own two-factor sign-in, from their profile: set up an authenticator (its secret leaves
// the server only now), confirm it with a code (recovery codes come back, shown once), make new
// recovery codes, or turn it off. A code or password typed here is a guess like any sign-in's.
import type { FastifyInstance } from 'fastify';
import { MSG } from '@fieldops/shared/messages';
import type { DisableTwoFactorRequest, RecoveryCodesResponse, TwoFactorStatus } from '@fieldops/shared/two-factor';
import type { Db } from '../../../db/client.ts';
import { conflict, fieldError, notFound } from '../../../lib/errors.ts';
import { accountKey, type LoginLimiter } from '../../../lib/login-limiter.ts';
import { verifyPassword } from '../../../lib/password.ts';
import { enrolmentOf, hashRecoveryCode, newRecoveryCodes, newTotpSecret, stepOfCode } from './totp.ts';
import {
  accountLabel,
  deleteTotp,
  enableTotp,
  findTotp,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  requiredOfUser,
  startTotp,
  takeStep,
} from './two-factor.repository.ts';
import { codeAccount, recordPersonEvent, refusedCode } from './two-factor.service.ts';

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const totp = await findTotp(db, userId);
  const enabled = Boolean(totp?.enabledAt);
  return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, userId) : 0, required: await requiredOfUser(db, userId) };
}

/** A new secret for the person's authenticator, replacing an enrolment left unfinished. */
export async function startEnrolment(db: Db, userId: number) {
  const account = await accountLabel(db, userId);
  if (!account) throw notFound(MSG.userNotFound);
  const secret = await newTotpSecret();
  if (!(await startTotp(db, userId, secret))) throw conflict(MSG.twoFactorAlreadyEnabled);
  return enrolmentOf(secret, account.username);
}

/** Turns two-factor on with a code from the new authenticator; answers the recovery codes. */
export async function confirmEnrolment(db: Db, userId: number, code: string): Promise<RecoveryCodesResponse> {
  const totp = await findTotp(db, userId);
  if (!totp) throw conflict(MSG.twoFactorNotStarted);
  if (totp.enabledAt) throw conflict(MSG.twoFactorAlreadyEnabled);
  const step = await stepOfCode(totp.secret, code);
  if (step === null) throw fieldError('code', MSG.twoFactorCodeWrong);
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    if (!(await enableTotp(tx, userId, totp.secret, step))) throw conflict(MSG.twoFactorNotStarted);
    await replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode));
    await recordPersonEvent(tx, userId, 'two_factor.enabled', { target: { type: 'user', id: userId }, after: { enabled: true } });
  });
  return { recoveryCodes };
}

/** Checks a current code of an enabled authenticator (throttled, each code once); refuses with a field error. */
async function checkCode(app: FastifyInstance, limiter: LoginLimiter, address: string, userId: number, code: string) {
  const totp = await findTotp(app.db, userId);
  if (!totp?.enabledAt) throw conflict(MSG.twoFactorNotEnabled);
  const attempt = await limiter.attempt(codeAccount(userId), address);
  if (attempt.refused) throw refusedCode(attempt.refused);
  const step = await stepOfCode(totp.secret, code);
  const taken = step !== null && (await takeStep(app.db, userId, step));
  await attempt.settle(taken);
  if (step === null) throw fieldError('code', MSG.twoFactorCodeWrong);
  if (!taken) throw fieldError('code', MSG.twoFactorCodeUsed);
}

/** New recovery codes (a current code needed): the old ones stop working. */
export async function regenerateRecoveryCodes(
  app: FastifyInstance,
  limiter: LoginLimiter,
  address: string,
  userId: number,
  code: string,
): Promise<RecoveryCodesResponse> {
  await checkCode(app, limiter, address, userId, code);
  const recoveryCodes = newRecoveryCodes();
  await app.db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode));
    await recordPersonEvent(tx, userId, 'recovery_codes.regenerated', { target: { type: 'user', id: userId } });
  });
  return { recoveryCodes };
}

/**
 * Turns two-factor off with a current code or the password; refused while a business of the person
 * requires it of their role there.
 */
export async function disableTwoFactor(app: FastifyInstance, limiter: LoginLimiter, address: string, userId: number, body: DisableTwoFactorRequest) {
  const totp = await findTotp(app.db, userId);
  if (!totp?.enabledAt) throw conflict(MSG.twoFactorNotEnabled);
  if (await requiredOfUser(app.db, userId)) throw conflict(MSG.twoFactorRequiredByBusiness);
  if (body.code !== undefined) await checkCode(app, limiter, address, userId, body.code);
  else {
    const account = await accountLabel(app.db, userId);
    const attempt = await limiter.attempt(accountKey(userId, ''), address);
    if (attempt.refused) throw refusedCode(attempt.refused);
    const ok = Boolean(account) && (await verifyPassword(account?.passwordHash ?? '', body.password ?? ''));
    await attempt.settle(ok);
    if (!ok) throw fieldError('password', MSG.currentPasswordWrong);
  }
  await app.db.transaction(async (tx) => {
    await deleteTotp(tx, userId);
    await recordPersonEvent(tx, userId, 'two_factor.disabled', { target: { type: 'user', id: userId }, before: { enabled: true }, after: { enabled: false } });
  });
}
