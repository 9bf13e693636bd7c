import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLinks } from '../../../db/schema-workflow.ts';
import { answersWorld } from '../../../test/answer-test-kit.ts';
import { createAnswerRow, createScheduleRow, IMAGES, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const LINKS = '/services/workflow/api/v1/report/export-links';

let t: TestApp;
let world: Awaited<ReturnType<typeof answersWorld>>;
/** A photo of the member's answer at site A, a voice note of a colleague's there, a photo at site B. */
let files: { member: string; colleague: string; faraway: string; other: string };

async function answerWithFile(caller: Caller, businessId: number, taskId: number, siteId: number, actionId: number, column: 'fileKey' | 'voiceKey') {
  const stored = await t.app.storage.put(IMAGES.png, column === 'fileKey' ? 'png' : 'webm');
  const schedule = await createScheduleRow(t.app.db, { businessId, taskId, teamId: siteId, userId: caller.userId });
  await createAnswerRow(t.app.db, schedule, actionId, { [column]: stored.key });
  return stored.key;
}

const create = (caller: Caller, payload: Record<string, unknown>) => caller.request({ method: 'POST', url: LINKS, payload });
const open = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp();
  world = await answersWorld(t);
  const { owner, task, yesNo, siteA, siteB } = world;
  const business = owner.business.id;
  files = {
    member: await answerWithFile(world.member, business, task.id, siteA, yesNo.id, 'fileKey'),
    colleague: await answerWithFile(world.colleague, business, task.id, siteA, yesNo.id, 'voiceKey'),
    faraway: await answerWithFile(world.faraway, business, task.id, siteB, yesNo.id, 'fileKey'),
    other: (await t.app.storage.put(IMAGES.png, 'png')).key,
  };
});
afterAll(() => t.close());

describe('links of exported files', () => {
  it("give each of an export's files a link that opens it without signing in, for a year by default", async () => {
    const res = await create(world.owner, { files: [files.member, files.colleague, files.member] });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ id: number; expiresAt: string; files: { key: string; url: string }[] }>();
    expect(body.files.map((f) => f.key)).toEqual([files.member, files.colleague]);
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
    for (const { key, url } of body.files) {
      expect(url).toMatch(new RegExp(`^/api/export-links/[A-Za-z0-9_-]{43}/${key.replace('.', '\\.')}$`));
      const file = await open(url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(IMAGES.png)).toBe(true);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }
    // The token is not kept, only its hash.
    const [row] = await t.app.db.select().from(exportLinks).where(eq(exportLinks.id, body.id));
    expect(body.files[0].url).not.toContain(row.tokenHash);
  });

  it('open only the files of their own export, and nothing once revoked or expired', async () => {
    const one = (await create(world.owner, { files: [files.member], days: 30 })).json<{ id: number; files: { url: string }[] }>();
    const url = one.files[0].url;
    // Another file through this export's token: as unknown as a made-up token.
    expect((await open(url.replace(files.member, files.faraway))).statusCode).toBe(404);
    expect((await open(url.replace(/export-links\/[^/]+/, `export-links/${'A'.repeat(43)}`))).statusCode).toBe(404);
    expect((await open(url.replace(/export-links\/[^/]+/, 'export-links/short'))).statusCode).toBe(404);

    expect((await world.owner.request({ method: 'DELETE', url: `${LINKS}/${one.id}` })).statusCode).toBe(204);
    expect((await open(url)).statusCode).toBe(404);
    // Revoking again changes nothing.
    expect((await world.owner.request({ method: 'DELETE', url: `${LINKS}/${one.id}` })).statusCode).toBe(204);

    const two = (await create(world.owner, { files: [files.member], days: 1 })).json<{ id: number; files: { url: string }[] }>();
    await t.app.db
      .update(exportLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exportLinks.id, two.id));
    expect((await open(two.files[0].url)).statusCode).toBe(404);
  });

  it("are made only for files of answers the caller sees: another site's, another business's or no answer's answer 404 and make nothing", async () => {
    const before = (await t.app.db.select().from(exportLinks)).length;
    // A member sees their own answers; a supervisor those of their site.
    expect((await create(world.member, { files: [files.member] })).statusCode).toBe(201);
    expect((await create(world.member, { files: [files.member, files.colleague] })).statusCode).toBe(404);
    expect((await create(world.supervisor, { files: [files.member, files.colleague] })).statusCode).toBe(201);
    expect((await create(world.supervisor, { files: [files.faraway] })).statusCode).toBe(404);
    expect((await create(world.other, { files: [files.member] })).statusCode).toBe(404);
    expect((await create(world.owner, { files: [files.other] })).statusCode).toBe(404);
    expect((await t.app.db.select().from(exportLinks)).length).toBe(before + 2);
  });

  it('refuse bad input naming the field', async () => {
    for (const payload of [{ files: [] }, { files: ['../../etc/passwd'] }, { files: [files.member], days: 0 }, { files: [files.member], days: 3651 }, {}]) {
      const res = await create(world.owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ fieldErrors: { field: string }[] }>().fieldErrors.length).toBeGreaterThan(0);
    }
    expect((await world.owner.request({ method: 'DELETE', url: `${LINKS}/abc` })).statusCode).toBe(400);
  });

  it("are listed for revoking: every one of the business for owners, one's own for others; another business's are not there", async () => {
    const mine = (await create(world.member, { files: [files.member] })).json<{ id: number }>();
    const listed = await world.owner.request({ method: 'GET', url: `${LINKS}?page=0&size=100` });
    expect(listed.statusCode).toBe(200);
    const all = listed.json<{ id: number; files: number; creator: { id: number } | null; revokedAt: string | null }[]>();
    expect(Number(listed.headers['x-total-count'])).toBe(all.length);
    expect(all.find((link) => link.id === mine.id)).toMatchObject({ files: 1, creator: { id: world.member.userId }, revokedAt: null });
    const own = (await world.member.request({ method: 'GET', url: LINKS })).json<{ creator: { id: number } }[]>();
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((link) => link.creator.id === world.member.userId)).toBe(true);
    expect((await world.other.request({ method: 'GET', url: LINKS })).json()).toEqual([]);

    // Another business's link, or someone else's for a member, is not found and stays live.
    expect((await world.other.request({ method: 'DELETE', url: `${LINKS}/${mine.id}` })).statusCode).toBe(404);
    expect((await world.colleague.request({ method: 'DELETE', url: `${LINKS}/${mine.id}` })).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(exportLinks).where(eq(exportLinks.id, mine.id));
    expect(row.revokedAt).toBeNull();
    expect((await world.member.request({ method: 'DELETE', url: `${LINKS}/${mine.id}` })).statusCode).toBe(204);
  });
});
