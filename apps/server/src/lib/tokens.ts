// Sign-in tokens (JWT, HS512) and random keys.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

const DAY = 24 * 60 * 60;

export interface TokenService {
  sign(userId: number, rememberMe: boolean): Promise<string>;
  verify(token: string): Promise<number | null>;
}

/** The secret comes from JWT_SECRET, else a file generated once in the data directory. */
export function loadJwtSecret(configured: string | null, dataDir: string | null): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  if (!dataDir) return crypto.randomBytes(64);
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(64).toString('base64'), { mode: 0o600 });
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}

export function createTokenService(secret: Uint8Array): TokenService {
  return {
    sign: (userId, rememberMe) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + (rememberMe ? 30 * DAY : DAY))
        .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS512'] });
        const id = Number(payload.sub);
        return Number.isInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}

export const randomKey = (bytes = 20) => crypto.randomBytes(bytes).toString('hex');
