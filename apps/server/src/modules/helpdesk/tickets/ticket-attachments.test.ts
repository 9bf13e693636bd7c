import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { ticketAttachments } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { IMAGES, addMember, createBusinessWithOwner, createTicket, fileKeyOf, multipart, signedFileUrl, type Caller } from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

let t: TestApp;
let owner: Caller;
let member: Caller;
let colleague: Caller;
let other: Caller;

const png = (filename = 'photo.png') => ({ field: 'attachments', filename, type: 'image/png', data: IMAGES.png });
const upload = (caller: Caller, ticketId: number, files: Parameters<typeof multipart>[1], fields: Record<string, string> = {}) =>
  caller.request({ method: 'POST', url: `${API}/tickets/${ticketId}/attachments`, ...multipart(fields, files) });
const rowsOf = (ticketId: number) => t.app.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId));

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member } = await createCast(t.app, { member: true }));
  colleague = await addMember(t.app, owner, 'MEMBER');
  other = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

describe('POST /v1/tickets/{id}/attachments', () => {
  it('stores one or several real images and answers them, served at their url', async () => {
    const ticket = await createTicket(t.app, member);
    const res = await upload(member, ticket.id, [
      png('C:\\Users\\me\\lock.png'),
      { field: 'attachments', filename: 'door.gif', type: 'image/gif', data: IMAGES.gif },
      { field: 'attachments', filename: 'gate.jpg', type: 'application/octet-stream', data: JPEG },
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toHaveLength(3);
    expect(body.map((a: { name: string }) => a.name)).toEqual(['gate.jpg', 'door.gif', 'lock.png']);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      ticketId: ticket.id,
      name: 'gate.jpg',
      contentType: 'image/jpeg',
      size: JPEG.length,
      url: expect.stringMatching(signedFileUrl('jpg')),
      creatorId: member.userId,
      createdDate: expect.any(String),
    });
    const served = await t.app.inject({ method: 'GET', url: body[2].url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(IMAGES.png)).toBe(true);
    expect(await rowsOf(ticket.id)).toHaveLength(3);
    const listed = await member.request({ method: 'GET', url: `${API}/tickets/${ticket.id}` });
    expect(listed.json().attachmentsCount).toBe(3);
  });

  const refusals: [string, Parameters<typeof multipart>[1], number, string][] = [
    ['a text file named .png', [{ field: 'attachments', filename: 'fake.png', type: 'image/png', data: IMAGES.fakePng }], 400, 'Invalid file in attachments.'],
    ['an empty file', [{ field: 'attachments', filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) }], 400, 'Invalid file in attachments.'],
    [
      'one bad file among good ones',
      [png('a.png'), { field: 'attachments', filename: 'b.png', type: 'image/png', data: IMAGES.fakePng }, png('c.png')],
      400,
      'Invalid file in attachments.',
    ],
    [
      'a file over 10 MB',
      [png('a.png'), { field: 'attachments', filename: 'big.png', type: 'image/png', data: Buffer.concat([IMAGES.png, Buffer.alloc(MAX_UPLOAD_BYTES)]) }],
      413,
      'Each file must be under 10MB',
    ],
    ['a file under another field', [{ field: 'photo', filename: 'a.png', type: 'image/png', data: IMAGES.png }], 400, 'Invalid file in attachments.'],
    ['no file at all', [], 400, 'A file is required'],
  ];
  for (const [what, files, status, message] of refusals) {
    it(`refuses ${what} and stores nothing, neither rows nor files`, async () => {
      const ticket = await createTicket(t.app, owner);
      const before = t.storedFiles();
      const res = await upload(owner, ticket.id, files);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await rowsOf(ticket.id)).toEqual([]);
      expect(t.storedFiles()).toEqual(before);
    });
  }

  it("answers 404 for another business's ticket and for a ticket the member does not see; stores nothing", async () => {
    const theirs = await createTicket(t.app, other);
    const notMine = await createTicket(t.app, colleague);
    const before = t.storedFiles();
    expect((await upload(owner, theirs.id, [png()])).statusCode).toBe(404);
    expect((await upload(member, notMine.id, [png()])).statusCode).toBe(404);
    expect(await rowsOf(theirs.id)).toEqual([]);
    expect(await rowsOf(notMine.id)).toEqual([]);
    expect(t.storedFiles()).toEqual(before);
  });
});

describe('GET /v1/tickets/{id}/attachments', () => {
  it('pages them newest first with X-Total-Count', async () => {
    const ticket = await createTicket(t.app, owner);
    await upload(owner, ticket.id, [png('1.png')]);
    await upload(owner, ticket.id, [png('2.png')]);
    await upload(owner, ticket.id, [png('3.png')]);
    const first = await member.request({ method: 'GET', url: `${API}/tickets/${ticket.id}/attachments?page=0&size=2` });
    expect(first.statusCode).toBe(404);
    const res = await owner.request({ method: 'GET', url: `${API}/tickets/${ticket.id}/attachments?page=0&size=2` });
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json().map((a: { name: string }) => a.name)).toEqual(['3.png', '2.png']);
    const next = await owner.request({ method: 'GET', url: `${API}/tickets/${ticket.id}/attachments?page=1&size=2` });
    expect(next.json().map((a: { name: string }) => a.name)).toEqual(['1.png']);
    expect((await owner.request({ method: 'GET', url: `${API}/tickets/${ticket.id}/attachments?size=0` })).statusCode).toBe(400);
  });

  it("answers 404 for another business's ticket", async () => {
    const theirs = await createTicket(t.app, other);
    await upload(other, theirs.id, [png('secret.png')]);
    const res = await owner.request({ method: 'GET', url: `${API}/tickets/${theirs.id}/attachments` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.png');
  });
});

describe('DELETE /v1/tickets/{id}/attachments/{attachmentId}', () => {
  it('deletes the row, then the file leaves storage', async () => {
    const ticket = await createTicket(t.app, owner);
    const [created] = (await upload(owner, ticket.id, [png()])).json();
    const key = fileKeyOf(created.url);
    expect(t.storedFiles().some((f) => f.endsWith(key))).toBe(true);
    const res = await owner.request({ method: 'DELETE', url: `${API}/tickets/${ticket.id}/attachments/${created.id}` });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf(ticket.id)).toEqual([]);
    expect(t.storedFiles().some((f) => f.endsWith(key))).toBe(false);
    // Its link names a file no row holds any more: refused like a link that is not genuine.
    expect((await t.app.inject({ method: 'GET', url: created.url })).statusCode).toBe(403);
  });

  it("lets a member delete their own upload but not someone else's", async () => {
    const ticket = await createTicket(t.app, member);
    const [mine] = (await upload(member, ticket.id, [png('mine.png')])).json();
    const [byOwner] = (await upload(owner, ticket.id, [png('owner.png')])).json();
    const refused = await member.request({ method: 'DELETE', url: `${API}/tickets/${ticket.id}/attachments/${byOwner.id}` });
    expect(refused.statusCode).toBe(403);
    expect((await member.request({ method: 'DELETE', url: `${API}/tickets/${ticket.id}/attachments/${mine.id}` })).statusCode).toBe(204);
    expect((await rowsOf(ticket.id)).map((r) => r.id)).toEqual([byOwner.id]);
  });

  it("answers 404 for another business's attachment, or one of another ticket, and deletes nothing", async () => {
    const theirs = await createTicket(t.app, other);
    const [theirFile] = (await upload(other, theirs.id, [png()])).json();
    const mine = await createTicket(t.app, owner);
    expect((await owner.request({ method: 'DELETE', url: `${API}/tickets/${theirs.id}/attachments/${theirFile.id}` })).statusCode).toBe(404);
    const wrongTicket = await owner.request({ method: 'DELETE', url: `${API}/tickets/${mine.id}/attachments/${theirFile.id}` });
    expect(wrongTicket.statusCode).toBe(404);
    expect(wrongTicket.json().message).toBe('Attachment not found');
    expect(await rowsOf(theirs.id)).toHaveLength(1);
    expect(t.storedFiles().some((f) => f.endsWith(fileKeyOf(theirFile.url)))).toBe(true);
  });
});
