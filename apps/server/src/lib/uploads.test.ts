// Uploads through the real app: files stream into storage in pieces, leave it again when the
// request then fails, and a NUL in a text field is refused naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createCast } from '../test/cast.ts';
import { IMAGES, createTicket, multipart, type Caller } from '../test/factories.ts';

const HELPDESK = '/services/helpdesk/api/v1';

let t: TestApp;
let owner: Caller;
let member: Caller;

const png = (data: Buffer = IMAGES.png, field = 'avatar') => ({ field, filename: 'a.png', type: 'image/png', data });
const profile = (caller: Caller, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) =>
  caller.request({ method: 'PUT', url: `/api/users/${caller.userId}/profile`, ...multipart(fields, files) });

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member } = await createCast(t.app, { member: true }));
});
afterAll(() => t.close());

describe('uploads', () => {
  it('reach storage in pieces as they stream, never as one buffer', async () => {
    const pieces: number[] = [];
    const { storage } = t.app;
    const putStream = storage.putStream;
    storage.putStream = async (source, extension, maxBytes) => {
      async function* watched() {
        for await (const chunk of source) {
          pieces.push(chunk.length);
          yield chunk;
        }
      }
      return putStream(watched(), extension, maxBytes);
    };
    try {
      // Over real HTTP: inject hands the parser the whole body as one piece.
      const big = Buffer.concat([IMAGES.png, Buffer.alloc(3 * 1024 * 1024)]);
      const ticket = await createTicket(t.app, owner);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { payload, headers } = multipart({}, [png(big, 'attachments')]);
      const res = await fetch(`${address}${HELPDESK}/tickets/${ticket.id}/attachments`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${owner.token}`, 'x-api-key': owner.business.apiKey },
        body: new Uint8Array(payload),
      });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { size: number }[])[0].size).toBe(big.length);
    } finally {
      storage.putStream = putStream;
    }
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(IMAGES.png.length + 3 * 1024 * 1024);
    expect(Math.max(...pieces)).toBeLessThan(1024 * 1024);
  });

  it('a file over the limit: 413 problem+json, and nothing of it stays', async () => {
    const before = t.storedFiles();
    const res = await profile(member, { name: 'Omar', email: `${member.username}@example.com` }, [
      png(Buffer.concat([IMAGES.png, Buffer.alloc(MAX_UPLOAD_BYTES)])),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().message).toBe(MSG.fileTooLarge);
    expect(t.storedFiles()).toEqual(before);
  });

  it('leave storage again when the request fails after they were stored', async () => {
    const before = t.storedFiles();
    const taken = await profile(member, { name: 'Omar', email: `${owner.username}@example.com` }, [png()]);
    expect(taken.statusCode).toBe(409);
    const invalid = await profile(member, { name: ' ', email: `${member.username}@example.com` }, [png()]);
    expect(invalid.statusCode).toBe(400);
    expect(t.storedFiles()).toEqual(before);
    const saved = await profile(member, { name: 'Omar', email: `${member.username}@example.com` }, [png()]);
    expect(saved.statusCode).toBe(200);
    expect(t.storedFiles()).toHaveLength(before.length + 1);
  });

  it('a NUL in a text field: 400 naming the field, nothing stored or changed', async () => {
    const before = t.storedFiles();
    const res = await profile(member, { name: 'Om\u0000ar', email: `${member.username}@example.com` }, [png()]);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().fieldErrors.map((e: { field: string }) => e.field)).toEqual(['name']);
    const ticket = await createTicket(t.app, owner);
    const comment = await owner.request({ method: 'POST', url: `${HELPDESK}/tickets/${ticket.id}/comments`, ...multipart({ text: 'a\u0000b' }) });
    expect(comment.statusCode).toBe(400);
    expect(comment.json().fieldErrors.map((e: { field: string }) => e.field)).toEqual(['text']);
    expect(t.storedFiles()).toEqual(before);
    expect((await member.request({ method: 'GET', url: `/api/users/${member.userId}` })).json().fullName).not.toContain('\u0000');
  });
});
