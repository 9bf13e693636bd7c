// Sign-in rules: username or e-mail, an activated account, throttled failures, and a session
// for every token.
import type { FastifyInstance } from 'fastify';
import type { LoginRequest } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { openSession } from '../../lib/sessions.ts';
import { secondsUntil } from '../../lib/throttle.ts';
import { findSignInUser } from './auth.repository.ts';
import { accountKey, type LoginLimiter } from './login-limiter.ts';

export async function authenticate(app: FastifyInstance, limiter: LoginLimiter, address: string, body: LoginRequest) {
  const login = body.username?.trim().toLowerCase();
  if (!login || !body.password) throw badRequest(MSG.usernameOrPasswordMissing);

  const user = await findSignInUser(app.db, login);
  const account = accountKey(user?.id ?? null, login);
  // Checked before the password, so a locked account tells nothing about a guess.
  const block = await limiter.check(account, address);
  if (block) {
    throw new AppError(429, block.kind === 'account' ? MSG.accountLocked : MSG.tooManyAttempts, {
      headers: { 'retry-after': String(secondsUntil(block.until)) },
    });
  }
  // Verify against a dummy hash when there is no user, so timing does not reveal who exists.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !ok) {
    await limiter.fail(account, address);
    throw unauthorized(MSG.invalidCredentials);
  }
  if (!user.activated) throw unauthorized(MSG.accountNotActivated);
  await limiter.succeed(account);
  return openSession(app.db, app.tokens, user.id, body.rememberMe ?? false);
}
