// Activation cards (DESIGN §4): the PDF holds a card for each pending account the business
// created, eight to an A4 page, each with a QR code that a reader decodes to the activation link
// of a new key; that key activates the account once, and the key before it stops working. Only
// admins print them, only for their own pending accounts, and a refusal changes no key.
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { pdfText } from '@fieldops/shared/testing/pdf-read';
import { users } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { addMember, createBusinessWithOwner, createInvitedUser, type Caller } from '../../../test/factories.ts';

let t: TestApp;
let owner: Caller;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app, 'Nile Cleaning');
});
afterAll(() => t.close());

const print = (caller: Caller, payload: Record<string, unknown> = {}) => caller.request({ method: 'POST', url: '/api/v1/users/activation-cards', payload });
const detail = (key: string) => t.app.inject({ method: 'GET', url: `/api/v1/activation-detail?key=${encodeURIComponent(key)}` });

/**
 * The QR codes the PDF draws, in page and card order, read back: each code's squares (a block of
 * black-filled rectangles in the page's drawing) painted on a bitmap that jsQR decodes.
 */
async function qrCodesOf(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const page of document.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
    const drawing = streams
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
      .join('\n');
    for (const [, block = ''] of drawing.matchAll(/q 0 0 0 rg\n([\s\S]*?)\nf Q/g)) {
      const squares = [...block.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map((m) => m.slice(1, 5).map(Number) as [number, number, number, number]);
      const left = Math.min(...squares.map(([x]) => x));
      const bottom = Math.min(...squares.map(([, y]) => y));
      const right = Math.max(...squares.map(([x, , w]) => x + w));
      const top = Math.max(...squares.map(([, y, , h]) => y + h));
      const scale = 4;
      const margin = 24;
      const width = Math.ceil((right - left) * scale) + 2 * margin;
      const height = Math.ceil((top - bottom) * scale) + 2 * margin;
      const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
      for (const [x, y, w, h] of squares) {
        const fromX = Math.round((x - left) * scale) + margin;
        const toX = Math.round((x + w - left) * scale) + margin;
        const fromY = Math.round((top - y - h) * scale) + margin;
        const toY = Math.round((top - y) * scale) + margin;
        for (let row = fromY; row < toY; row++) {
          for (let col = fromX; col < toX; col++) pixels.fill(0, (row * width + col) * 4, (row * width + col) * 4 + 3);
        }
      }
      const code = jsQR(pixels, width, height);
      found.push(code?.data ?? '(unreadable)');
    }
  }
  return found;
}

const keyOf = (link: string) => new URL(link).searchParams.get('key') ?? '';

describe('POST /v1/users/activation-cards', () => {
  it("prints every pending account's card, eight a page, each QR code a new key that activates it once", async () => {
    const pending = [];
    for (let i = 0; i < 9; i++) pending.push(await createInvitedUser(t.app, owner));
    await t.app.db.update(users).set({ fullName: 'نادية كريم' }).where(eq(users.id, pending[0]!.id));
    await addMember(t.app, owner); // active: no card

    const res = await print(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="activation-cards.pdf"');
    const bytes = new Uint8Array(res.rawPayload);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    const text = await pdfText(bytes);
    for (const user of pending) expect(text).toContain(user.username);
    expect(text).toContain('نادية كريم');
    expect(text).toContain('Nile Cleaning');
    expect(text).toContain('Scan to activate your account');
    expect(text).toContain('امسح الرمز لتفعيل حسابك');

    const links = await qrCodesOf(bytes);
    expect(links).toHaveLength(9);
    for (const link of links) expect(link).toMatch(new RegExp(`^${t.app.mailSettings.appUrl}/activate\\?key=[0-9a-f]{40}$`));
    // Each card's key is its own member's; the keys before the cards stop working.
    const names = [];
    for (const link of links) {
      const read = await detail(keyOf(link));
      expect(read.statusCode, read.body).toBe(200);
      names.push(read.json<{ username: string }>().username);
    }
    expect(names.sort()).toEqual(pending.map((u) => u.username).sort());
    expect((await detail(pending[1]!.activationKey)).statusCode).toBe(404);
  });

  it('prints one chosen card, whose key activates the account once', async () => {
    const invited = await createInvitedUser(t.app, owner);
    const res = await print(owner, { userIds: [invited.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="activation-card.pdf"');
    const [link] = await qrCodesOf(new Uint8Array(res.rawPayload));
    const activate = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/activate', payload: { key: keyOf(link!), name: 'Omar Haddad', password: 'a-new-pass-1' } });
    expect((await activate()).statusCode).toBe(200);
    expect((await t.app.db.select({ activated: users.activated }).from(users).where(eq(users.id, invited.id)))[0]!.activated).toBe(true);
    expect((await activate()).statusCode).toBe(404);
  });

  it('answers a repeat of the same request (a retry, a double click) with the same file, whose keys still work', async () => {
    const invited = await createInvitedUser(t.app, owner);
    const keyed = () =>
      owner.request({
        method: 'POST',
        url: '/api/v1/users/activation-cards',
        payload: { userIds: [invited.id] },
        headers: { 'idempotency-key': `cards-${invited.id}-key` },
      });
    const first = await keyed();
    expect(first.statusCode, first.body).toBe(200);
    const again = await keyed();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    const [link] = await qrCodesOf(new Uint8Array(again.rawPayload));
    expect((await detail(keyOf(link!))).statusCode).toBe(200);
  });

  it('is for admins, for their own pending accounts; a refusal changes no key', async () => {
    const invited = await createInvitedUser(t.app, owner);
    const member = await addMember(t.app, owner);
    const other = await createBusinessWithOwner(t.app);
    const foreign = await createInvitedUser(t.app, other);

    expect((await print(member, { userIds: [invited.id] })).statusCode).toBe(403);
    for (const userIds of [[invited.id, foreign.id], [foreign.id], [member.userId]]) {
      const refused = await print(owner, { userIds });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(MSG.activationKeyNotAvailable);
    }
    expect((await print(owner, { userIds: ['x'] })).statusCode).toBe(400);
    expect((await print(owner, { userIds: Array.from({ length: 501 }, (_, i) => i + 1) })).statusCode).toBe(400);
    // Nothing was renewed: both keys still open their activation.
    expect((await detail(invited.activationKey)).statusCode).toBe(200);
    expect((await detail(foreign.activationKey)).statusCode).toBe(200);

    const empty = await createBusinessWithOwner(t.app);
    const none = await print(empty);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MSG.noPendingAccounts);
  });
});
