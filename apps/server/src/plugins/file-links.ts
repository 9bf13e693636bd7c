// Signed links to stored files. The database keeps a file's bare URL (/api/files/{key}); every
// API answer leaves with each such URL turned into /api/files/{key}?expires=…&signature=…, here in
// one hook over the serialised payload, and GET /api/files/{key} answers only a genuine, unexpired
// link. Links go into <img> and <audio> tags and exports, where no Authorization header can
// travel, so the link itself is the permission: it is as good as the answer that carried it, for
// minutes. The HMAC key is derived from the token secret, so every instance signs and checks alike.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FILE_LINK_BUCKET_MS, FILE_LINK_MIN_LIFETIME_MS } from '@fieldops/shared/limits';
import { isApiUrl } from '../lib/api-paths.ts';
import { FILES_ROUTE } from './storage.ts';

export interface FileLinks {
  /** The text with every stored-file URL in it signed for now (JSON, or an event stream's data). */
  signUrlsIn(text: string, now?: number): string;
  /** The Unix second the link expires at, or null when it is unsigned, expired or not genuine. */
  verify(key: string, expires: string | undefined, signature: string | undefined, now?: number): number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    fileLinks: FileLinks;
  }
}

const BUCKET_S = FILE_LINK_BUCKET_MS / 1000;
const MIN_LIFETIME_S = FILE_LINK_MIN_LIFETIME_MS / 1000;
/** The longest a genuine link can have left, plus a bucket for instances whose clocks differ. */
const LONGEST_S = MIN_LIFETIME_S + 2 * BUCKET_S;
/**
 * A stored file's URL, bare or with a signature of its own: text a person saved may hold a link
 * that was signed when they copied it (a ticket description edited and sent back), which is
 * signed afresh like a bare one.
 */
const FILE_URL = new RegExp(`${FILES_ROUTE}/([a-f0-9]{32}\\.[a-z0-9]{2,5})(?:\\?expires=\\d*&signature=[A-Za-z0-9_-]*)?(?![a-z0-9?&])`, 'g');
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Links signed within one 5-minute bucket share their expiry, so a page shows the same URL (a
 * browser cache hit) until the bucket turns; the expiry is 10 to 15 minutes ahead.
 */
export const expiryFor = (nowMs: number) => (Math.floor(nowMs / 1000 / BUCKET_S) + 1) * BUCKET_S + MIN_LIFETIME_S;

export function createFileLinks(secret: Uint8Array): FileLinks {
  // A key of its own, so a file signature can never stand for anything signed with the token
  // secret (and the other way round).
  const hmacKey = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'fieldops file links v1', 32));
  const sign = (key: string, expires: number) => crypto.createHmac('sha256', hmacKey).update(`${key}\n${expires}`).digest('base64url');
  return {
    signUrlsIn(text, now = Date.now()) {
      if (!text.includes(`${FILES_ROUTE}/`)) return text;
      const expires = expiryFor(now);
      return text.replace(FILE_URL, (_url: string, key: string) => `${FILES_ROUTE}/${key}?expires=${expires}&signature=${sign(key, expires)}`);
    },
    verify(key, expires, signature, now = Date.now()) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !SIGNATURE.test(signature)) return null;
      const at = Number(expires);
      const nowS = now / 1000;
      if (at <= nowS || at > nowS + LONGEST_S) return null;
      const expected = Buffer.from(sign(key, at));
      const given = Buffer.from(signature);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? at : null;
    },
  };
}

export const fileLinksPlugin = fp<{ secret: Uint8Array }>(async (app: FastifyInstance, { secret }) => {
  const links = createFileLinks(secret);
  app.decorate('fileLinks', links);
  // Serialised answers are strings; a stream (the live feed, a file) passes untouched and signs
  // its own text where it has URLs (modules/live-feed).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || !isApiUrl(request.url)) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    done(null, type.includes('json') ? links.signUrlsIn(payload) : payload);
  });
});
