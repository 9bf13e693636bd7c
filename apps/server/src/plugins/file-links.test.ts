// Stored files answer only signed, unexpired links, which every API answer carries in place of
// the bare URL the database keeps; nobody can sign one without the token secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_LINK_BUCKET_MS, FILE_LINK_MIN_LIFETIME_MS } from '@fieldops/shared/limits';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createCast } from '../test/cast.ts';
import { IMAGES, createTicket, fileKeyOf, multipart, signedFileUrl, type Caller } from '../test/factories.ts';
import { createFileLinks, expiryFor } from './file-links.ts';
import { keyOfUrl } from './storage.ts';

const HELPDESK = '/services/helpdesk/api/v1';

let t: TestApp;
let owner: Caller;
let other: Caller;
let avatar: string;

const expectProblem = (res: { statusCode: number; headers: Record<string, unknown> }, status: number) => {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, other } = await createCast(t.app, { other: true }));
  const form = multipart({}, [{ field: 'file', filename: 'me.png', type: 'image/png', data: IMAGES.png }]);
  avatar = (await owner.request({ method: 'PUT', url: '/api/v1/account/avatar', ...form })).json().avatar;
});
afterAll(() => t.close());

describe('GET /api/files/{key}', () => {
  it('serves a signed link, cached privately until it expires', async () => {
    expect(avatar).toMatch(signedFileUrl('png'));
    const res = await t.app.inject({ method: 'GET', url: avatar });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(IMAGES.png)).toBe(true);
    const expires = Number(new URL(avatar, 'http://x').searchParams.get('expires'));
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(FILE_LINK_MIN_LIFETIME_MS / 1000 - 5);
    expect(Math.abs(Date.now() / 1000 + maxAge - expires)).toBeLessThanOrEqual(2);
  });

  it('refuses the bare URL, signed in or not, with 403 problem+json', async () => {
    const bare = avatar.split('?')[0];
    expectProblem(await t.app.inject({ method: 'GET', url: bare }), 403);
    expectProblem(await owner.request({ method: 'GET', url: bare }), 403);
    expectProblem(await other.request({ method: 'GET', url: bare }), 403);
  });

  it('refuses a tampered, borrowed or expired link', async () => {
    const url = new URL(avatar, 'http://x');
    const signature = url.searchParams.get('signature') ?? '';
    const expires = Number(url.searchParams.get('expires'));
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const otherKey = `${'0'.repeat(32)}.png`;
    const links = createFileLinks(t.jwtSecret);
    const mine = () => `user:${owner.userId}`;
    const expired = links.signUrlsIn(`/api/files/${fileKeyOf(avatar)}`, mine, Date.now() - FILE_LINK_MIN_LIFETIME_MS - FILE_LINK_BUCKET_MS - 1000);
    const unknownSecret = createFileLinks(new Uint8Array(64)).signUrlsIn(`/api/files/${fileKeyOf(avatar)}`, mine);
    // Genuine, but signed for another owner than the file's.
    const otherOwner = links.signUrlsIn(`/api/files/${fileKeyOf(avatar)}`, () => `business:${other.business.id}`);
    for (const bad of [
      `${url.pathname}?expires=${expires}&signature=${flipped}`,
      `${url.pathname}?expires=${expires + 300}&signature=${signature}`,
      `/api/files/${otherKey}?expires=${expires}&signature=${signature}`,
      `${url.pathname}?expires=${expires}`,
      `${url.pathname}?signature=${signature}`,
      expired,
      unknownSecret,
      otherOwner,
    ]) {
      expectProblem(await t.app.inject({ method: 'GET', url: bad }), 403);
    }
  });

  it('answers a link signed by another instance with the same secret', async () => {
    const second = await t.secondInstance();
    const res = await second.inject({ method: 'GET', url: avatar });
    expect(res.statusCode).toBe(200);
  });
});

describe('links in API answers', () => {
  it('are signed in every answer, on the main and the service bases, the same within a bucket', async () => {
    const account = (await owner.request({ method: 'GET', url: '/api/v1/account' })).json();
    expect(account.avatar).toMatch(signedFileUrl('png'));
    expect(fileKeyOf(account.avatar)).toBe(fileKeyOf(avatar));

    const ticket = await createTicket(t.app, owner);
    const form = multipart({}, [{ field: 'attachments', filename: 'a.gif', type: 'image/gif', data: IMAGES.gif }]);
    await owner.request({ method: 'POST', url: `${HELPDESK}/tickets/${ticket.id}/attachments`, ...form });
    const [listed] = (await owner.request({ method: 'GET', url: `${HELPDESK}/tickets/${ticket.id}/attachments` })).json();
    expect(listed.url).toMatch(signedFileUrl('gif'));
    expect((await t.app.inject({ method: 'GET', url: listed.url })).statusCode).toBe(200);
  });

  it('expire 10 to 15 minutes ahead, stable within a 5-minute bucket', () => {
    const start = Math.ceil(Date.now() / FILE_LINK_BUCKET_MS) * FILE_LINK_BUCKET_MS;
    expect(expiryFor(start)).toBe(expiryFor(start + FILE_LINK_BUCKET_MS - 1));
    expect(expiryFor(start + FILE_LINK_BUCKET_MS)).toBe(expiryFor(start) + FILE_LINK_BUCKET_MS / 1000);
    for (const at of [start, start + 1, start + FILE_LINK_BUCKET_MS - 1]) {
      const left = expiryFor(at) * 1000 - at;
      expect(left).toBeGreaterThanOrEqual(FILE_LINK_MIN_LIFETIME_MS);
      expect(left).toBeLessThanOrEqual(FILE_LINK_MIN_LIFETIME_MS + FILE_LINK_BUCKET_MS);
    }
  });

  it('are signed once, afresh when saved text holds an old link, and only where a stored key stands', () => {
    const links = createFileLinks(t.jwtSecret);
    const key = `${'a'.repeat(32)}.png`;
    const ours = () => 'business:1';
    const signed = links.signUrlsIn(`{"a":"/api/files/${key}","b":"see /api/files/${key} here"}`, ours);
    expect(signed.match(/\?expires=/g)).toHaveLength(2);
    expect(links.signUrlsIn(signed, ours)).toBe(signed);
    const old = links.signUrlsIn(`Voice note: /api/files/${key}.`, ours, Date.now() - 60 * 60_000);
    expect(links.signUrlsIn(old, ours)).toBe(links.signUrlsIn(`Voice note: /api/files/${key}.`, ours));
    expect(links.signUrlsIn('/api/files/not-a-key.png /api/files/abc', ours)).toBe('/api/files/not-a-key.png /api/files/abc');
    // A file the reader may not have stays bare, its old signature dropped.
    expect(links.signUrlsIn(signed, () => undefined)).toBe(`{"a":"/api/files/${key}","b":"see /api/files/${key} here"}`);
  });

  it('come back in as a key either way (keyOfUrl)', () => {
    expect(keyOfUrl(avatar)).toBe(fileKeyOf(avatar));
    expect(keyOfUrl(avatar.split('?')[0])).toBe(fileKeyOf(avatar));
    expect(keyOfUrl('/api/files/../../etc/passwd')).toBeNull();
    expect(keyOfUrl('https://elsewhere.example/x.png')).toBeNull();
  });
});
