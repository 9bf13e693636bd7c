// Two-factor sign-in's second step. Every way of signing in ends in `completeSignIn`: it opens the
// session at once, or, when the person has an authenticator (or a business of theirs requires one
// of their role), answers a short-lived challenge that only a right code, or a recovery code, turns
// into a session. Wrong codes count as guesses in the sign-in limiter and against the challenge.
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import type { TwoFactorSignInResponse, TwoFactorStep } from '@fieldops/shared/two-factor';
import type { Db } from '../../../db/client.ts';
import { AppError, conflict, unauthorized } from '../../../lib/errors.ts';
import { accountKey, type LoginLimiter, type LoginRefusal } from '../../../lib/login-limiter.ts';
import { openSession } from '../../../lib/sessions.ts';
import { secondsUntil } from '../../../lib/throttle.ts';
import { hashKey, randomKey } from '../../../lib/tokens.ts';
import { recordSignIn, type SignInMethod } from '../../platform/audit/audit.service.ts';
import { recordEvent, type AuditKind, type ChangeData } from '../../platform/events/events.service.ts';
import { enrolmentOf, hashRecoveryCode, newRecoveryCodes, newTotpSecret, stepOfCode } from './totp.ts';
import {
  accountLabel,
  businessesOf,
  countWrongCode,
  enableTotp,
  findOpenChallenge,
  findTotp,
  insertChallenge,
  replaceRecoveryCodes,
  requiredOfUser,
  startTotp,
  takeStep,
  useChallenge,
  useRecoveryCode,
} from './two-factor.repository.ts';

/** How long a second step stays open, and how many wrong codes end it. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;

/**
 * Finishes a sign-in whose first factor was right (a password, a provider's answer): opens the
 * session and answers `{id_token}`, or answers the second step (`{twoFactor, challenge}`) when the
 * person has two-factor on ('required') or must set it up now ('enrol').
 *
 * It records no audit entry for a session it opens at once: the caller records its own sign-in
 * (password, sso). A sign-in that goes through the second step is recorded when that step ends
 * (`finishTwoFactorSignIn`), with the code's method.
 */
export async function completeSignIn(
  app: FastifyInstance,
  userId: number,
  { rememberMe, method }: { rememberMe: boolean; method: 'password' | 'sso' },
): Promise<LoginResponse> {
  const totp = await findTotp(app.db, userId);
  const enabled = Boolean(totp?.enabledAt);
  if (!enabled && !(await requiredOfUser(app.db, userId))) return { id_token: await openSession(app.db, app.tokens, userId, rememberMe) };
  const challenge = randomKey(32);
  await insertChallenge(app.db, {
    challengeHash: hashKey(challenge),
    userId,
    rememberMe,
    method,
    mustEnrol: !enabled,
    expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
  });
  const step: TwoFactorStep = { twoFactor: enabled ? 'required' : 'enrol', challenge };
  return step;
}

/**
 * The limiter's account for a person's codes: the password's rules, counted apart from the password's
 * own, so that a right password (which gives its place back) never wipes out the wrong codes after it.
 */
export const codeAccount = (userId: number) => `${accountKey(userId, '')}:code`;

/** 429 with Retry-After, as a refused password is answered. */
export function refusedCode(refused: LoginRefusal) {
  return new AppError(429, refused.kind === 'slowed' ? MSG.accountLocked : MSG.tooManyAttempts, {
    headers: { 'retry-after': String(secondsUntil(refused.until)) },
  });
}

async function openChallenge(db: Db, challenge: string) {
  const found = await findOpenChallenge(db, hashKey(challenge));
  if (!found) throw unauthorized(MSG.twoFactorChallengeExpired);
  return found;
}

/**
 * At a sign-in that must enrol: a new secret for the person's authenticator, with its QR code. The
 * code that confirms it is sent to `finishTwoFactorSignIn` with the same challenge.
 */
export async function startSignInEnrolment(db: Db, challenge: string) {
  const found = await openChallenge(db, challenge);
  if (!found.mustEnrol) throw conflict(MSG.twoFactorAlreadyEnabled);
  const account = await accountLabel(db, found.userId);
  const secret = await newTotpSecret();
  if (!account || !(await startTotp(db, found.userId, secret))) throw conflict(MSG.twoFactorAlreadyEnabled);
  return enrolmentOf(secret, account.username);
}

type Verdict = { ok: true; method: SignInMethod; recoveryCodes?: string[] } | { ok: false; message: string; method: SignInMethod };

/**
 * The second step: the challenge and a code from the authenticator (or a recovery code). A right one
 * ends the challenge and opens the session; a wrong one counts, and the challenge ends after a few.
 */
export async function finishTwoFactorSignIn(
  app: FastifyInstance,
  limiter: LoginLimiter,
  address: string,
  body: { challenge: string; code?: string; recoveryCode?: string },
): Promise<TwoFactorSignInResponse> {
  const challenge = await openChallenge(app.db, body.challenge);
  const { userId } = challenge;
  const totp = await findTotp(app.db, userId);
  const enrolling = !totp?.enabledAt;
  // An enrolment at sign-in is confirmed with the new authenticator's code; nothing to check before it starts.
  if (enrolling && (!challenge.mustEnrol || !totp || body.code === undefined)) {
    throw challenge.mustEnrol ? conflict(MSG.twoFactorNotStarted) : unauthorized(MSG.twoFactorChallengeExpired);
  }
  const attempt = await limiter.attempt(codeAccount(userId), address);
  if (attempt.refused) throw refusedCode(attempt.refused);

  const verdict = await app.db.transaction(async (tx): Promise<Verdict> => {
    if (body.code === undefined) {
      const used = await useRecoveryCode(tx, userId, hashRecoveryCode(body.recoveryCode ?? ''));
      if (!used) return { ok: false, message: MSG.recoveryCodeWrong, method: 'recovery_code' };
      // A challenge ended meanwhile (by another request) rolls the code's use back.
      if (!(await useChallenge(tx, challenge.id))) throw unauthorized(MSG.twoFactorChallengeExpired);
      return { ok: true, method: 'recovery_code' };
    }
    const secret = totp?.secret ?? '';
    const step = await stepOfCode(secret, body.code);
    if (step === null) return { ok: false, message: MSG.twoFactorCodeWrong, method: 'two_factor' };
    let recoveryCodes: string[] | undefined;
    if (enrolling) {
      if (!(await enableTotp(tx, userId, secret, step))) throw unauthorized(MSG.twoFactorChallengeExpired);
      recoveryCodes = newRecoveryCodes();
      await replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode));
      await recordPersonEvent(tx, userId, 'two_factor.enabled', { target: { type: 'user', id: userId }, after: { enabled: true } });
    } else if (!(await takeStep(tx, userId, step))) {
      // This code, or a later one, was taken already: a code works once.
      return { ok: false, message: MSG.twoFactorCodeUsed, method: 'two_factor' };
    }
    if (!(await useChallenge(tx, challenge.id))) throw unauthorized(MSG.twoFactorChallengeExpired);
    return { ok: true, method: 'two_factor', recoveryCodes };
  });

  await attempt.settle(verdict.ok);
  if (!verdict.ok) {
    const attempts = await countWrongCode(app.db, challenge.id, CHALLENGE_MAX_ATTEMPTS);
    await recordSignIn(app.db, { userId, outcome: 'sign_in_failed', method: verdict.method, reason: 'wrong_code' });
    throw unauthorized(attempts >= CHALLENGE_MAX_ATTEMPTS ? MSG.twoFactorTooManyCodes : verdict.message);
  }
  const idToken = await openSession(app.db, app.tokens, userId, challenge.rememberMe);
  await recordSignIn(app.db, { userId, outcome: 'signed_in', method: verdict.method });
  return { id_token: idToken, ...(verdict.recoveryCodes ? { recoveryCodes: verdict.recoveryCodes } : {}) };
}

/** An audit entry about the person (their authenticator), in each business they belong to. */
export async function recordPersonEvent(db: Db, userId: number, kind: AuditKind, data: ChangeData) {
  for (const businessId of await businessesOf(db, userId)) await recordEvent(db, { businessId, kind, actorId: userId, data });
}
