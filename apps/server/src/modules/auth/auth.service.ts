// Sign-in rules: username or e-mail, an activated account, and a limit on repeated failures.
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LoginRequest } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import { users } from '../../db/schema.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.ts';
import type { LoginLimiter } from './login-limiter.ts';

export async function authenticate(app: FastifyInstance, limiter: LoginLimiter, address: string, body: LoginRequest) {
  const login = body.username?.trim().toLowerCase();
  if (!login || !body.password) throw badRequest(MSG.usernameOrPasswordMissing);
  if (limiter.isBlocked(address)) throw new AppError(429, MSG.tooManyAttempts);

  const [user] = await app.db
    .select({ id: users.id, passwordHash: users.passwordHash, activated: users.activated })
    .from(users)
    .where(or(eq(users.username, login), eq(users.email, login)))
    .limit(1);
  // Verify against a dummy hash when there is no user, so timing does not reveal who exists.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !ok) {
    limiter.fail(address);
    throw unauthorized(MSG.invalidCredentials);
  }
  if (!user.activated) throw unauthorized(MSG.accountNotActivated);
  limiter.succeed(address);
  return app.tokens.sign(user.id, body.rememberMe ?? false);
}
