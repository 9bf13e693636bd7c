// A phone that gives up on a keyed upload (the connection drops half-way through the form, or
// after sending it but before the answer) and sends it again at once, with the same key: the
// retry is answered 201 and the answer is stored exactly once. Over real sockets, as the outbox
// sends it.
import crypto from 'node:crypto';
import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionResults } from '../db/schema-schedules.ts';
import { INSIDE, memberAtSite, scheduled } from '../test/answer-test-kit.ts';
import { IMAGES, type Caller } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let siteId: number;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, siteId, member } = await memberAtSite(t.app));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** The raw bytes of a keyed answer with a photo, as a browser's FormData sends it. */
function answerRequest(fields: Record<string, string>, key: string) {
  const boundary = `----form${crypto.randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`),
    IMAGES.png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const head = Buffer.from(
    `POST /services/workflow/api/v1/action-results HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${member.token}\r\n` +
      `X-Api-Key: ${member.business.apiKey}\r\nIdempotency-Key: ${key}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  return Buffer.concat([head, body]);
}

/** Sends `bytes` and drops the connection without reading an answer. */
async function sendAndGiveUp(bytes: Buffer) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  await new Promise<void>((resolve) => socket.write(bytes, () => resolve()));
  socket.destroy();
}

async function answersOf(scheduleId: number) {
  return (await t.app.db.select({ n: count() }).from(actionResults).where(eq(actionResults.scheduleId, scheduleId)))[0].n;
}

describe('a client that gives up on a keyed upload and sends it again at once', () => {
  for (const [when, cut] of [
    ['half-way through its form', (bytes: Buffer) => bytes.subarray(0, bytes.length - IMAGES.png.length)],
    ['after sending the whole form', (bytes: Buffer) => bytes],
  ] as const) {
    it(`is answered 201 and stored once when it gave up ${when}`, async () => {
      const { schedule, actions } = await scheduled({ t, owner, siteId }, member, [{ type: 'PHOTO', required: true }]);
      const fields = { scheduleId: String(schedule.id), actionId: String(actions[0].id), ...INSIDE };
      const key = `give-up-${crypto.randomUUID()}`;
      await sendAndGiveUp(cut(answerRequest(fields, key)));

      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      form.set('file', new Blob([IMAGES.png], { type: 'image/png' }), 'photo.png');
      const retry = await fetch(`http://127.0.0.1:${port}/services/workflow/api/v1/action-results`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}`, 'x-api-key': member.business.apiKey, 'idempotency-key': key },
        body: form,
      });
      expect(retry.status, await retry.clone().text()).toBe(201);
      const again = await fetch(`http://127.0.0.1:${port}/services/workflow/api/v1/action-results`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}`, 'x-api-key': member.business.apiKey, 'idempotency-key': key },
        body: form,
      });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(((await again.json()) as { result: { id: number } }).result.id).toBe(((await retry.json()) as { result: { id: number } }).result.id);
      expect(await answersOf(schedule.id)).toBe(1);
    });
  }
});
