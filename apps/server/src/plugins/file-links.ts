// Signed links to stored files. The database keeps a file's bare URL (/api/files/{key}); every
// API answer leaves with each such URL turned into /api/files/{key}?expires=…&signature=…, here in
// one hook over the serialised payload, and GET /api/files/{key} answers only a genuine, unexpired
// link. Links go into <img> and <audio> tags and exports, where no Authorization header can
// travel, so the link itself is the permission: it is as good as the answer that carried it, for
// minutes. The HMAC key is derived from the token secret, so every instance signs and checks alike.
// A link is signed only for a file of the caller's business (or an avatar of someone in it), and
// its signature names the file's owner, which GET /api/files/{key} looks up to check it.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FILE_LINK_BUCKET_MS, FILE_LINK_MIN_LIFETIME_MS } from '@fieldops/shared/limits';
import { isApiUrl } from '../lib/api-paths.ts';
import { admits, ownersOf } from '../lib/file-owners.ts';
import { FILES_ROUTE, keyOfUrl } from './storage.ts';

export interface FileLinks {
  /**
   * The text with every stored-file URL in it signed for now (JSON, or an event stream's data)
   * where `ownerOf` names the file's owner for this reader; any other is left bare, unsigned.
   */
  signUrlsIn(text: string, ownerOf: (key: string) => string | undefined, now?: number): string;
  /** The Unix second the link expires at, or null when it is unsigned, expired or not genuine for `owner`. */
  verify(key: string, expires: string | undefined, signature: string | undefined, owner: string, now?: number): number | null;
  /** The stored-file keys the text names. */
  keysIn(text: string): string[];
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
  const hmacKey = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'fieldops file links v2', 32));
  // The owner is signed with the key: a link is good only for the business (or person) whose
  // file it is, so no answer in another business can hand one out.
  const sign = (key: string, expires: number, owner: string) => crypto.createHmac('sha256', hmacKey).update(`${key}\n${expires}\n${owner}`).digest('base64url');
  return {
    signUrlsIn(text, ownerOf, now = Date.now()) {
      if (!text.includes(`${FILES_ROUTE}/`)) return text;
      const expires = expiryFor(now);
      return text.replace(FILE_URL, (_url: string, key: string) => {
        const owner = ownerOf(key);
        return owner === undefined ? `${FILES_ROUTE}/${key}` : `${FILES_ROUTE}/${key}?expires=${expires}&signature=${sign(key, expires, owner)}`;
      });
    },
    verify(key, expires, signature, owner, now = Date.now()) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !SIGNATURE.test(signature)) return null;
      const at = Number(expires);
      const nowS = now / 1000;
      if (at <= nowS || at > nowS + LONGEST_S) return null;
      const expected = Buffer.from(sign(key, at, owner));
      const given = Buffer.from(signature);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? at : null;
    },
    keysIn(text) {
      return [...new Set(Array.from(text.matchAll(FILE_URL), (match) => match[1] ?? ''))];
    },
  };
}

export const fileLinksPlugin = fp<{ secret: Uint8Array }>(async (app: FastifyInstance, { secret }) => {
  const links = createFileLinks(secret);
  app.decorate('fileLinks', links);
  // Serialised answers are strings; a stream (the live feed, a file) passes untouched and signs
  // its own text where it has URLs (modules/live-feed). Text may hold a URL a person typed or
  // pasted (a ticket, a comment, a bio): only a file of a row the caller's business holds (or
  // the avatar of someone sharing it) is signed, never another business's, whatever the text says.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || !isApiUrl(request.url) || !payload.includes(`${FILES_ROUTE}/`)) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.includes('json')) return done(null, payload);
    readerOwners(app, request, links.keysIn(payload)).then((ownerOf) => done(null, links.signUrlsIn(payload, ownerOf)), done);
  });
});

/** Signs, for `businessId`, only the files named by `urls` (a row of that business already read): not what its text may hold. */
export const filesOfRow =
  (businessId: number, urls: readonly (string | null)[]) =>
  (key: string): string | undefined =>
    urls.some((url) => url !== null && keyOfUrl(url) === key) ? `business:${businessId}` : undefined;

/** For the caller of `request`, the owner to sign each of `keys` for, when the caller may have it. */
async function readerOwners(app: FastifyInstance, request: FastifyRequest, keys: string[]): Promise<(key: string) => string | undefined> {
  const userId = request.userId;
  const kiosk = request.kiosk;
  if ((!userId && !kiosk) || keys.length === 0) return () => undefined;
  // In a business, that business's files; in a person's own calls, those of any of their businesses;
  // on a kiosk's own calls (its name list), those of the kiosk's business.
  const businessIds = request.tenant
    ? [request.tenant.businessId]
    : userId
      ? (await app.callers.memberships(userId)).map((m) => m.businessId)
      : [kiosk?.businessId ?? 0];
  const owners = await ownersOf(app.db, keys);
  return (key) => {
    const file = owners.get(key);
    return file && admits(file, userId ?? 0, businessIds) ? file.owner : undefined;
  };
}
