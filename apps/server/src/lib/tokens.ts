// Sign-in tokens (JWT, HS512) and random keys.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { must } from '@fieldops/shared/must';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';
import { BoundedMap } from './bounded-map.ts';

const DAY = 24 * 60 * 60;
const SESSION_ID = /^[a-f0-9]{48}$/;

/** What a token names: its user and the server-side session that must still be open. */
export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export interface TokenService {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** The claims of a genuine, unexpired token that has an expiry and a session; else null. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** How long a session lasts: a day, or 30 days with "remember me". */
export const sessionLifetimeMs = (rememberMe: boolean) => (rememberMe ? 30 : 1) * DAY * 1000;

const secretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');
const JWT_SECRET_NAME = 'jwt';

/**
 * The secret comes from JWT_SECRET, else a file generated once in the data directory (the embedded
 * database: the directory holds everything, and moves with it).
 */
export function loadJwtSecret(configured: string | null, dataDir: string | null): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  if (!dataDir) return crypto.randomBytes(64);
  const file = secretFile(dataDir);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, crypto.randomBytes(64).toString('base64'), { mode: 0o600 });
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

/**
 * On PostgreSQL without JWT_SECRET: the secret kept in the database, shared by every instance and
 * every release, whatever directory or machine each runs from. The first start that finds none
 * keeps the one its data directory already holds (what an earlier release generated there, so
 * the tokens it signed stay good), else a new one; instances starting together agree on one.
 */
export async function sharedJwtSecret(db: Db, dataDir: string): Promise<Uint8Array> {
  const file = secretFile(dataDir);
  const candidate = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : crypto.randomBytes(64).toString('base64');
  await db.insert(serverSecrets).values({ name: JWT_SECRET_NAME, value: candidate }).onConflictDoNothing();
  const [kept] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, JWT_SECRET_NAME));
  return Buffer.from(must(kept, 'the secret was just stored').value, 'base64');
}

/** Verified tokens kept, so that a signature is checked once per token and instance. */
const KEPT_TOKENS = 20_000;

export function createTokenService(secret: Uint8Array): TokenService {
  // A token's claims never change: a genuine one stays genuine until it expires. Whether its
  // session is still open is asked on every request (lib/callers.ts).
  const verified = new BoundedMap<string, TokenClaims & { expiresAt: number }>(KEPT_TOKENS);
  return {
    sign: ({ userId, sessionId }, expiresAt) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        return null;
      }
      try {
        // A token without an expiry would live for ever: refused, as is one without a session.
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS512'], requiredClaims: ['exp', 'sub', 'sid'] });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return null;
        verified.set(token, { userId, sessionId, expiresAt: (payload.exp as number) * 1000 });
        return { userId, sessionId };
      } catch {
        return null;
      }
    },
  };
}

export const randomKey = (bytes = 20) => crypto.randomBytes(bytes).toString('hex');
/**
 * How a secret handed to a person (an activation or invitation key) is stored: its SHA-256, so a
 * copy of the database opens no account. The keys are random, so no salt or slow hash is needed.
 */
export const hashKey = (key: string) => crypto.createHash('sha256').update(key, 'utf8').digest('hex');
export const newSessionId = () => randomKey(24);
