// A Web Push service for tests: an HTTPS server on 127.0.0.1 (its certificate made here with
// openssl, trusted through `agent`) that takes pushes as FCM or Mozilla's would, and browsers'
// subscriptions whose private keys the test holds, so it can decrypt what arrives (RFC 8291,
// aes128gcm) and check the VAPID signature (RFC 8292) itself, without the library that sent it.
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  /** The subscription's id in this service (the endpoint's last segment). */
  id: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What a browser would show: the payload decrypted with this subscription's private key. */
  decrypt(body: Buffer): string;
}

export interface PushService {
  origin: string;
  /** Trusts this service's certificate, for web-push's requests. */
  agent: https.Agent;
  received: ReceivedPush[];
  /** A new browser subscription at this service. */
  subscription(): TestSubscription;
  /** The status the service answers for a subscription from now on (201 by default). */
  answer(subscription: TestSubscription, status: number): void;
  /** Waits until `count` pushes have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushService(): Promise<PushService> {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  let waiters: (() => void)[] = [];
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = (req.url ?? '').split('/').pop() ?? '';
      received.push({ id, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(id) ?? 201).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: cert, keepAlive: false });

  return {
    origin,
    agent,
    received,
    subscription() {
      const id = crypto.randomBytes(12).toString('hex');
      const ecdh = crypto.createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = crypto.randomBytes(16);
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
        decrypt: (body) => decryptAes128gcm(body, ecdh, publicKey, authSecret),
      };
    },
    answer(subscription, status) {
      statuses.set(subscription.endpoint.split('/').pop() ?? '', status);
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} pushes, ${received.length} arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters = [];
      }
      return received;
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/**
 * RFC 8291 §3.4 and RFC 8188: the body is salt (16) | record size (4) | key id length (1) | key
 * id (the sender's ephemeral public key) | one record, sealed with AES-128-GCM and ending in the
 * last-record delimiter 0x02 and any zero padding.
 */
export function decryptAes128gcm(body: Buffer, receiver: crypto.ECDH, receiverPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || senderPublic[0] !== 4) throw new Error('the key id is not an uncompressed P-256 key');
  if (record.length > recordSize) throw new Error('more than one record');

  const ecdhSecret = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the record does not end with the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by that key, for
 * the push service's origin, expiring within a day. Answers the JWT's claims and the key.
 */
export function verifyVapid(authorization: string | undefined, audience: string): { claims: Record<string, unknown>; publicKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [token, publicKey] = [match[1], match[2]];
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = crypto.verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('the VAPID signature does not verify');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const now = Date.now() / 1000;
  if (claims.aud !== audience) throw new Error(`aud ${String(claims.aud)}, expected ${audience}`);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 60 * 60) throw new Error(`exp ${String(claims.exp)}`);
  return { claims, publicKey };
}
