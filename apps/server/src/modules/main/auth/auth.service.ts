// Sign-in rules: username or e-mail, an activated account, throttled guesses, and a session
// for every token.
import type { FastifyInstance } from 'fastify';
import type { LoginRequest } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import { AppError, badRequest, unauthorized } from '../../../lib/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../../lib/password.ts';
import { secondsUntil } from '../../../lib/throttle.ts';
import { recordSignIn } from '../../platform/audit/audit.service.ts';
import { refuseWhenSsoRequired } from '../sso/sso.service.ts';
import { completeSignIn } from '../two-factor/two-factor.service.ts';
import { findSignInUser } from './auth.repository.ts';
import { accountKey, type LoginLimiter, type LoginRefusal } from '../../../lib/login-limiter.ts';

export async function authenticate(app: FastifyInstance, limiter: LoginLimiter, address: string, body: LoginRequest) {
  const login = body.username?.trim().toLowerCase();
  if (!login || !body.password) throw badRequest(MSG.usernameOrPasswordMissing);
  const user = await findSignInUser(app.db, login);
  // The attempt takes its place in the counters before the password is checked, so a refusal
  // tells nothing about a guess, and guesses sent at once are counted like guesses one by one.
  const attempt = await limiter.attempt(accountKey(user?.id ?? null, login), address);
  if (attempt.refused) throw refusedSignIn(attempt.refused);
  // Verify against a dummy hash when there is no user, so timing does not reveal who exists.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  await attempt.settle(Boolean(user && ok));
  if (!user) throw unauthorized(MSG.invalidCredentials);
  // A refused password of a known account is in the audit log of each of its businesses.
  if (!ok || !user.activated)
    await recordSignIn(app.db, { userId: user.id, outcome: 'sign_in_failed', method: 'password', reason: ok ? 'not_activated' : 'wrong_password' });
  if (!ok) throw unauthorized(MSG.invalidCredentials);
  if (!user.activated) throw unauthorized(MSG.accountNotActivated);
  // A business that requires its single sign-on of this person takes no password (owners excepted).
  await refuseWhenSsoRequired(app.db, user.id);
  // The session, or the second step when the person signs in with two factors.
  const result = await completeSignIn(app, user.id, { rememberMe: body.rememberMe ?? false, method: 'password' });
  // Signed in by the password alone; a second step records its own sign-in once it is passed.
  if ('id_token' in result) await recordSignIn(app.db, { userId: user.id, outcome: 'signed_in', method: 'password' });
  return result;
}

/** 429 with Retry-After: the address is refused, or the account is slowed for a moment. */
export function refusedSignIn(refused: LoginRefusal) {
  return new AppError(429, refused.kind === 'slowed' ? MSG.accountLocked : MSG.tooManyAttempts, {
    headers: { 'retry-after': String(secondsUntil(refused.until)) },
  });
}
