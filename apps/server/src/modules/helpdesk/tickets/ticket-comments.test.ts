import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketComments } from '../../../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createCast } from '../../../test/cast.ts';
import { IMAGES, addMember, createBusinessWithOwner, createTicket, fileKeyOf, multipart, signedFileUrl, type Caller } from '../../../test/factories.ts';

const API = '/services/helpdesk/api/v1';

let t: TestApp;
let owner: Caller;
let member: Caller;
let colleague: Caller;
let other: Caller;

type Files = Parameters<typeof multipart>[1];
const image = (data = IMAGES.png, filename = 'shot.png'): Files => [{ field: 'file', filename, type: 'image/png', data }];
const post = (caller: Caller, ticketId: number, fields: Record<string, string>, files: Files = []) =>
  caller.request({ method: 'POST', url: `${API}/tickets/${ticketId}/comments`, ...multipart(fields, files) });
const put = (caller: Caller, ticketId: number, commentId: number, fields: Record<string, string>, files: Files = []) =>
  caller.request({ method: 'PUT', url: `${API}/tickets/${ticketId}/comments/${commentId}`, ...multipart(fields, files) });
const rowsOf = (ticketId: number) => t.app.db.select().from(ticketComments).where(eq(ticketComments.ticketId, ticketId));
const keyOf = fileKeyOf;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, member } = await createCast(t.app, { member: true }));
  colleague = await addMember(t.app, owner, 'MEMBER');
  other = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

describe('POST /v1/tickets/{id}/comments', () => {
  it('adds a text-only comment with its author', async () => {
    const ticket = await createTicket(t.app, member);
    const res = await post(member, ticket.id, { text: '  The lock arrived today. ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      ticketId: ticket.id,
      creatorId: member.userId,
      creator: { id: member.userId, username: member.username, fullName: expect.any(String), avatar: null },
      text: 'The lock arrived today.',
      file: null,
      createdDate: expect.any(String),
      updatedDate: null,
    });
  });

  it('adds a file-only comment, the image served at its url', async () => {
    const ticket = await createTicket(t.app, owner);
    const res = await post(owner, ticket.id, { text: '' }, image());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ text: null, file: expect.stringMatching(signedFileUrl('png')) });
    const served = await t.app.inject({ method: 'GET', url: res.json().file });
    expect(served.rawPayload.equals(IMAGES.png)).toBe(true);
  });

  it('refuses an empty comment, a fake image and too long a text; stores nothing', async () => {
    const ticket = await createTicket(t.app, owner);
    const before = t.storedFiles();
    const cases: [Record<string, string>, Files, string, string][] = [
      [{}, [], 'text', 'Please enter a comment or attach a file.'],
      [{ text: '   ' }, [], 'text', 'Please enter a comment or attach a file.'],
      [{ text: 'look' }, image(IMAGES.fakePng, 'fake.png'), 'file', 'Invalid file in attachments.'],
      [{ text: 'look' }, image(Buffer.alloc(0)), 'file', 'Invalid file in attachments.'],
      [{ text: 'x'.repeat(5001) }, [], 'text', 'This must be at most 5000'],
    ];
    for (const [fields, files, field, message] of cases) {
      const res = await post(owner, ticket.id, fields, files);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().fieldErrors).toEqual([{ field, message }]);
    }
    expect(await rowsOf(ticket.id)).toEqual([]);
    expect(t.storedFiles()).toEqual(before);
  });

  it("answers 404 for another business's ticket and for a ticket the member does not see", async () => {
    const theirs = await createTicket(t.app, other);
    const notMine = await createTicket(t.app, colleague);
    expect((await post(owner, theirs.id, { text: 'hello' })).statusCode).toBe(404);
    expect((await post(member, notMine.id, { text: 'hello' })).statusCode).toBe(404);
    expect(await rowsOf(theirs.id)).toEqual([]);
    expect(await rowsOf(notMine.id)).toEqual([]);
  });
});

describe('GET /v1/tickets/{id}/comments', () => {
  it('pages 10 at a time by default, newest first, with X-Total-Count; createdDate,asc reverses', async () => {
    const ticket = await createTicket(t.app, owner);
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) ids.push((await post(owner, ticket.id, { text: `Comment ${i}` })).json().id);
    const res = await owner.request({ method: 'GET', url: `${API}/tickets/${ticket.id}/comments` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('12');
    expect(res.json().map((c: { id: number }) => c.id)).toEqual([...ids].reverse().slice(0, 10));
    const second = await owner.request({ method: 'GET', url: `${API}/tickets/${ticket.id}/comments?page=1` });
    expect(second.json().map((c: { text: string }) => c.text)).toEqual(['Comment 2', 'Comment 1']);
    const oldest = await owner.request({ method: 'GET', url: `${API}/tickets/${ticket.id}/comments?size=3&sort=createdDate,asc` });
    expect(oldest.json().map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 3));
    const all = await owner.request({ method: 'GET', url: `${API}/tickets/${ticket.id}/comments?page=0&size=40` });
    expect(all.json()).toHaveLength(12);
    expect((await owner.request({ method: 'GET', url: `${API}/tickets/${ticket.id}` })).json().commentsCount).toBe(12);
  });

  it('refuses bad paging and sorting', async () => {
    const ticket = await createTicket(t.app, owner);
    for (const query of ['size=0', 'page=-1', 'sort=text,asc']) {
      const res = await owner.request({ method: 'GET', url: `${API}/tickets/${ticket.id}/comments?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("answers 404 for another business's ticket", async () => {
    const theirs = await createTicket(t.app, other);
    await post(other, theirs.id, { text: 'Internal note' });
    const res = await owner.request({ method: 'GET', url: `${API}/tickets/${theirs.id}/comments` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Internal note');
  });
});

describe('PUT /v1/tickets/{id}/comments/{commentId}', () => {
  it('lets the author change the text, setting updatedDate', async () => {
    const ticket = await createTicket(t.app, member);
    const created = (await post(member, ticket.id, { text: 'First words' })).json();
    const res = await put(member, ticket.id, created.id, { text: 'Better words' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, text: 'Better words', file: null, updatedDate: expect.any(String) });
    expect(res.json().createdDate).toBe(created.createdDate);
  });

  it('replaces the image, and the old file leaves storage; without a text field the text stays', async () => {
    const ticket = await createTicket(t.app, member);
    const created = (await post(member, ticket.id, { text: 'With a photo' }, image())).json();
    const res = await put(member, ticket.id, created.id, {}, image(IMAGES.gif, 'new.gif'));
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toBe('With a photo');
    expect(res.json().file).toMatch(signedFileUrl('gif'));
    const files = t.storedFiles();
    expect(files.some((f) => f.endsWith(keyOf(res.json().file)))).toBe(true);
    expect(files.some((f) => f.endsWith(keyOf(created.file)))).toBe(false);
    // Clearing the text keeps the comment, since it still has its image.
    const cleared = await put(member, ticket.id, created.id, { text: '' });
    expect(cleared.json()).toMatchObject({ text: null, file: res.json().file });
  });

  it('refuses to leave a comment empty and changes nothing', async () => {
    const ticket = await createTicket(t.app, member);
    const created = (await post(member, ticket.id, { text: 'Only text' })).json();
    const res = await put(member, ticket.id, created.id, { text: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a comment or attach a file.');
    expect((await rowsOf(ticket.id))[0]).toMatchObject({ text: 'Only text', updatedDate: null });
  });

  it('is refused with 403 to anyone but the author, the owner included, and changes nothing', async () => {
    const ticket = await createTicket(t.app, member, { agentId: colleague.userId });
    const created = (await post(member, ticket.id, { text: 'Mine' })).json();
    for (const caller of [owner, colleague]) {
      const res = await put(caller, ticket.id, created.id, { text: 'Not yours' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the author can edit a comment');
    }
    expect((await rowsOf(ticket.id))[0]).toMatchObject({ text: 'Mine', updatedDate: null });
  });

  it("answers 404 for another business's comment, or a comment of another ticket", async () => {
    const theirs = await createTicket(t.app, other);
    const theirComment = (await post(other, theirs.id, { text: 'Theirs' })).json();
    const mine = await createTicket(t.app, owner);
    expect((await put(owner, theirs.id, theirComment.id, { text: 'Hijacked' })).statusCode).toBe(404);
    const wrong = await put(owner, mine.id, theirComment.id, { text: 'Hijacked' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Comment not found');
    expect((await rowsOf(theirs.id))[0].text).toBe('Theirs');
  });
});
