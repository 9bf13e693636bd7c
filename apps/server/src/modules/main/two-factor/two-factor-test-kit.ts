// Helpers for the two-factor tests: real authenticator codes (otpauth, as an app makes them) and a
// person who has set up two-factor through the API.
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { PASSWORD, createUser } from '../../../test/factories.ts';

const PERIOD_MS = 30_000;

/** The code an authenticator shows `steps` periods from now (-1: the previous one, 1: the next). */
export function codeFor(secret: string, steps = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + steps * PERIOD_MS });
}

/** A six-digit code that is none of the codes the window accepts now. */
export function wrongCodeFor(secret: string) {
  const near = new Set([-1, 0, 1].map((s) => codeFor(secret, s)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}

export const login = (app: FastifyInstance, username: string, remoteAddress = '10.9.0.1', password = PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password }, remoteAddress });

export const secondStep = (app: FastifyInstance, payload: object, remoteAddress = '10.9.0.1') =>
  app.inject({ method: 'POST', url: '/api/authenticate/two-factor', payload, remoteAddress });

/** Calls an account endpoint with a token. */
export const asUser = (app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/**
 * Turns two-factor on for the person signed in with `token`: enrols, confirms with the previous
 * step's code (so the current one is still free), and answers the secret and recovery codes.
 */
export async function enableTwoFactor(app: FastifyInstance, token: string) {
  const enrolment = await asUser(app, token, 'POST', '/api/v1/account/two-factor/enrolment');
  if (enrolment.statusCode !== 200) throw new Error(`enrolment: ${enrolment.statusCode} ${enrolment.body}`);
  const { secret } = enrolment.json<{ secret: string }>();
  const confirmed = await asUser(app, token, 'POST', '/api/v1/account/two-factor/confirm', { code: codeFor(secret, -1) });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** A new, signed-in person with two-factor on. */
export async function userWithTwoFactor(app: FastifyInstance) {
  const user = await createUser(app);
  const res = await login(app, user.username, '10.9.9.9');
  const token = res.json<{ id_token: string }>().id_token;
  return { user, token, ...(await enableTwoFactor(app, token)) };
}
