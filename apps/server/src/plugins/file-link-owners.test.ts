// A signed-in person of one business pastes the address of a stored file into text they write (a
// ticket, a comment) and reads it back: the answer signs it only when the file is a row of their
// own business, so another business's file, bare, once signed or long expired, stays unreadable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_LINK_BUCKET_MS, FILE_LINK_MIN_LIFETIME_MS } from '@fieldops/shared/limits';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createCast } from '../test/cast.ts';
import { IMAGES, createTicket, fileKeyOf, multipart, signedFileUrl, type Caller } from '../test/factories.ts';
import { createFileLinks } from './file-links.ts';

const HELPDESK = '/services/helpdesk/api/v1';
const LINK_IN_TEXT = /\/api\/files\/[a-f0-9]{32}\.[a-z0-9]{2,5}(\?expires=\d+&signature=[\w-]{43})?/g;

let t: TestApp;
let victim: Caller;
let attacker: Caller;
/** A ticket attachment of the victim's business, as the victim's answer signs it. */
let victimLink: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner: victim, other: attacker } = await createCast(t.app, { other: true }));
  const ticket = await createTicket(t.app, victim);
  const form = multipart({}, [{ field: 'attachments', filename: 'plan.png', type: 'image/png', data: IMAGES.png }]);
  expect((await victim.request({ method: 'POST', url: `${HELPDESK}/tickets/${ticket.id}/attachments`, ...form })).statusCode).toBe(201);
  [{ url: victimLink }] = (await victim.request({ method: 'GET', url: `${HELPDESK}/tickets/${ticket.id}/attachments` })).json<{ url: string }[]>();
  expect(victimLink).toMatch(signedFileUrl('png'));
});
afterAll(() => t.close());

/** The links of a ticket of `who`'s business whose description is `text`, as its answer gives them. */
async function linksReadBack(who: Caller, text: string) {
  const ticket = await createTicket(t.app, who, { description: text });
  const res = await who.request({ method: 'GET', url: `${HELPDESK}/tickets/${ticket.id}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ description: string }>().description.match(LINK_IN_TEXT) ?? [];
}

describe("another business's file pasted into text", () => {
  it('comes back unsigned, whether pasted bare, signed or expired, and its link answers 403', async () => {
    const key = fileKeyOf(victimLink);
    const expired = createFileLinks(t.jwtSecret).signUrlsIn(
      `/api/files/${key}`,
      () => 'anyone',
      Date.now() - FILE_LINK_MIN_LIFETIME_MS - 2 * FILE_LINK_BUCKET_MS,
    );
    for (const pasted of [`/api/files/${key}`, victimLink, expired]) {
      const [link] = await linksReadBack(attacker, `Look at ${pasted} please`);
      expect(link, pasted).toBe(`/api/files/${key}`);
      expect((await attacker.request({ method: 'GET', url: link })).statusCode).toBe(403);
    }
  });

  it('comes back unsigned when no row names it at all', async () => {
    const [link] = await linksReadBack(attacker, `/api/files/${'b'.repeat(32)}.png`);
    expect(link).toBe(`/api/files/${'b'.repeat(32)}.png`);
  });

  it("is signed for a file of the reader's own business, and that link opens it", async () => {
    const [link] = await linksReadBack(victim, `The plan: /api/files/${fileKeyOf(victimLink)}`);
    expect(link).toMatch(signedFileUrl('png'));
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
  });

  it('comes back unsigned in a comment too', async () => {
    const ticket = await createTicket(t.app, attacker);
    const form = multipart({ text: `see /api/files/${fileKeyOf(victimLink)}` });
    const res = await attacker.request({ method: 'POST', url: `${HELPDESK}/tickets/${ticket.id}/comments`, ...form });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ text: string }>().text).toBe(`see /api/files/${fileKeyOf(victimLink)}`);
  });
});
