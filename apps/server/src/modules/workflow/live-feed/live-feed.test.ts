import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_FEED_EVENT } from '@fieldops/shared/reports';
import { buildApp } from '../../../app.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  addMember,
  addSupervisor,
  callerFor,
  createAnswerRow,
  createBusinessWithOwner,
  createProject,
  createScheduleRow,
  createSite,
  createTask,
  createAction,
  placeInSite,
  signIn,
  signedFileUrl,
  type Caller,
} from '../../../test/factories.ts';
import { answerNow, listening, openFeed, type Feed } from './live-feed-test-kit.ts';
import { notifyNewAnswer } from '../../../lib/answer-notices.ts';
import { LIVE_FEED_RETRY_MS } from './live-feed.routes.ts';

const API = '/services/workflow/api/v1';

let t: TestApp;
let base: string;
let owner: Caller;
let member: Caller;
let colleague: Caller;
let supervisor: Caller;
let elsewhere: Caller;
let other: Caller;
let otherMember: Caller;
let siteId: number;
let farSiteId: number;
let otherSiteId: number;
const feeds: Feed[] = [];

const open = async (caller: Caller) => {
  const feed = await openFeed(base, caller);
  feeds.push(feed);
  // The stream starts with the retry hint once the viewer is registered.
  expect((await feed.nextBlock(5_000))?.retry).toBe(String(LIVE_FEED_RETRY_MS));
  return feed;
};

/** The answer ids a feed sends, up to and with `last`. */
async function idsUntil(feed: Feed, last: number) {
  const ids: number[] = [];
  for (let id = -1; id !== last;) {
    id = (await feed.nextAnswer()).id;
    ids.push(id);
  }
  return ids;
}

/** Waits until the app serves exactly `n` viewers. */
async function viewers(n: number) {
  for (let i = 0; i < 100 && t.app.liveFeed.viewers() !== n; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return t.app.liveFeed.viewers();
}

beforeAll(async () => {
  t = await createTestApp();
  base = await listening(t.app);
  owner = await createBusinessWithOwner(t.app);
  const project = await createProject(t.app, owner);
  siteId = (await createSite(t.app, owner, project.id)).id;
  farSiteId = (await createSite(t.app, owner, project.id)).id;
  member = await addMember(t.app, owner);
  colleague = await addMember(t.app, owner);
  elsewhere = await addMember(t.app, owner);
  await placeInSite(t.app, owner, siteId, member.userId);
  await placeInSite(t.app, owner, siteId, colleague.userId);
  await placeInSite(t.app, owner, farSiteId, elsewhere.userId);
  supervisor = await addSupervisor(t.app, owner, [siteId]);
  other = await createBusinessWithOwner(t.app);
  otherMember = await addMember(t.app, other);
  otherSiteId = (await createSite(t.app, other, (await createProject(t.app, other)).id)).id;
  await placeInSite(t.app, other, otherSiteId, otherMember.userId);
});
afterEach(() => {
  for (const feed of feeds.splice(0)) feed.close();
});
afterAll(() => t.close());

describe('GET /v1/report/live', () => {
  it('refuses a call without a token or with another business key, like every call', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${API}/report/live` })).statusCode).toBe(401);
    const res = await fetch(`${base}${API}/report/live`, { headers: { authorization: `Bearer ${member.token}`, 'x-api-key': other.business.apiKey } });
    expect(res.status).toBe(403);
  });

  it('streams each new answer the moment it is stored, in the shape of the latest results', async () => {
    const feed = await open(owner);
    expect(feed.response.statusCode).toBe(200);
    expect(feed.response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(feed.response.headers['cache-control']).toContain('no-cache');

    const stored = await answerNow(t.app, owner, member, siteId);
    const received = await feed.nextAnswer();
    const listed = await owner.request({ method: 'GET', url: `${API}/report/latest/result?size=1` });
    expect(received).toEqual(listed.json()[0]);
    expect(received).toMatchObject({ id: stored.id, userId: member.userId, teamId: siteId, value: 'YES' });
    const again = await answerNow(t.app, owner, colleague, siteId);
    expect((await feed.nextAnswer()).id).toBe(again.id);
    feed.close();
  });

  it('gives each answer its place in the feed as the event id, and replays to a reconnecting viewer what was stored meanwhile that it may see', async () => {
    const first = await open(supervisor);
    const seen = await answerNow(t.app, owner, member, siteId);
    expect((await first.nextAnswer()).id).toBe(seen.id);
    expect(first.lastEventId).toMatch(/^f\d+$/);
    first.close();
    await viewers(0);

    // While the viewer is away: answers it may see, one of a site it does not supervise, one of
    // another business.
    const missed = [await answerNow(t.app, owner, member, siteId), await answerNow(t.app, owner, colleague, siteId)];
    const far = await answerNow(t.app, owner, elsewhere, farSiteId);
    const foreign = await answerNow(t.app, other, otherMember, otherSiteId);

    const back = await openFeed(base, supervisor, first.lastEventId);
    feeds.push(back);
    await viewers(1);
    // A live answer marks the end of the replay, which comes first.
    const live = await answerNow(t.app, owner, member, siteId);
    const received = await idsUntil(back, live.id);
    for (const answer of missed) expect(received).toContain(answer.id);
    expect(received).not.toContain(far.id);
    expect(received).not.toContain(foreign.id);
    expect(received).not.toContain(seen.id);
    expect(received.indexOf(missed[0].id)).toBeLessThan(received.indexOf(missed[1].id));
  });

  it('replays from where a stream opened to a viewer who had no answer yet', async () => {
    const first = await open(member);
    expect((await first.nextBlock(2_000))?.event).toBe('ready');
    const opened = first.lastEventId;
    expect(opened).toMatch(/^f\d+$/);
    first.close();
    await viewers(0);
    const meanwhile = await answerNow(t.app, owner, member, siteId);
    const theirs = await answerNow(t.app, owner, colleague, siteId);
    const back = await openFeed(base, member, opened);
    feeds.push(back);
    await viewers(1);
    const live = await answerNow(t.app, owner, member, siteId);
    const received = await idsUntil(back, live.id);
    expect(received).toContain(meanwhile.id);
    expect(received).not.toContain(theirs.id);
  });

  it("never sends another business's answers", async () => {
    const ours = await open(owner);
    const theirs = await open(other);
    const foreign = await answerNow(t.app, other, otherMember, otherSiteId);
    const own = await answerNow(t.app, owner, member, siteId);
    // Notifications are handled in commit order: had the foreign one been sent, it would come first.
    expect((await ours.nextAnswer()).id).toBe(own.id);
    expect((await theirs.nextAnswer()).id).toBe(foreign.id);
    ours.close();
    theirs.close();
  });

  it('sends a member only their own answers and a supervisor those of their sites', async () => {
    const memberFeed = await open(member);
    const supervisorFeed = await open(supervisor);
    const colleagues = await answerNow(t.app, owner, colleague, siteId);
    const far = await answerNow(t.app, owner, elsewhere, farSiteId);
    const own = await answerNow(t.app, owner, member, siteId);
    expect((await memberFeed.nextAnswer()).id).toBe(own.id);
    expect((await supervisorFeed.nextAnswer()).id).toBe(colleagues.id);
    expect((await supervisorFeed.nextAnswer()).id).toBe(own.id);
    expect(far.teamId).toBe(farSiteId);
    memberFeed.close();
    supervisorFeed.close();
  });

  it('sends nothing for an answer whose transaction rolled back', async () => {
    const feed = await open(owner);
    const task = await createTask(t.app, owner);
    const action = await createAction(t.app, owner, task.id);
    const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
    await expect(
      t.app.db.transaction(async (tx) => {
        const row = await createAnswerRow(tx, schedule, action.id);
        await notifyNewAnswer(tx, owner.business.id, row.id);
        throw new Error('the submit failed after the answer was written');
      }),
    ).rejects.toThrow('the submit failed');
    const committed = await answerNow(t.app, owner, member, siteId);
    expect((await feed.nextAnswer()).id).toBe(committed.id);
    feed.close();
  });

  it('sends file links signed, as every answer does (the stream passes no response hook)', async () => {
    const feed = await open(owner);
    const task = await createTask(t.app, owner);
    const action = await createAction(t.app, owner, task.id, { type: 'PHOTO' });
    const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
    const key = `${crypto.randomBytes(16).toString('hex')}.png`;
    await t.app.db.transaction(async (tx) => {
      const row = await createAnswerRow(tx, schedule, action.id, { value: null, fileKey: key });
      await notifyNewAnswer(tx, owner.business.id, row.id);
    });
    const received = await feed.nextAnswer();
    expect(received.file).toMatch(signedFileUrl('png'));
    expect(received.file?.startsWith(`/api/files/${key}?`)).toBe(true);
    feed.close();
  });

  it('lets go of a viewer who disconnects', async () => {
    expect(await viewers(0)).toBe(0);
    const feed = await open(owner);
    expect(await viewers(1)).toBe(1);
    feed.close();
    expect(await viewers(0)).toBe(0);
  });
});

describe('the keep-alive and shutting down', () => {
  it('sends a comment line every heartbeat and ends open streams when the app closes', async () => {
    const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
    // A second instance on the same database, with a short heartbeat.
    const app = await buildApp({ database: t.database, jwtSecret: crypto.randomBytes(64), uploadsDir, liveFeedHeartbeatMs: 50 });
    try {
      await app.ready();
      const viewer = callerFor(app, { id: owner.userId, username: owner.username }, await signIn(app, owner.username), owner.business);
      const feed = await openFeed(await listening(app), viewer);
      feeds.push(feed);
      const first = await feed.nextBlock(5_000);
      expect(first?.retry).toBe(String(LIVE_FEED_RETRY_MS));
      expect((await feed.nextBlock(2_000))?.event).toBe('ready');
      expect((await feed.nextBlock(2_000))?.comments).toEqual(['ping']);
      expect((await feed.nextBlock(2_000))?.comments).toEqual(['ping']);

      const started = Date.now();
      await app.close();
      expect(Date.now() - started).toBeLessThan(2_000);
      await feed.ended(2_000);
    } finally {
      await app.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    }
  });

  it('ends an open stream at once when its session ends or the viewer leaves the business, on whichever instance that happened', async () => {
    // The heartbeat is far off: the streams must end on the database's announcement, not on it.
    const second = await t.secondInstance({ liveFeedHeartbeatMs: 60_000 });
    const secondBase = await listening(second);
    const leaver = await addMember(second, owner);
    const loggedOut = callerFor(second, { id: owner.userId, username: owner.username }, await signIn(second, owner.username), owner.business);
    const feeds2 = [await openFeed(secondBase, loggedOut), await openFeed(secondBase, leaver)];
    feeds.push(...feeds2);
    for (const feed of feeds2) expect((await feed.nextBlock(5_000))?.retry).toBe(String(LIVE_FEED_RETRY_MS));
    expect((await loggedOut.request({ method: 'POST', url: '/api/v1/logout' })).statusCode).toBe(204);
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/users/${leaver.userId}` })).statusCode).toBe(204);
    for (const feed of feeds2) await feed.ended(3_000);
  });

  it('is documented in the OpenAPI as an event stream', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const get = docs.paths['/services/workflow/api/v1/report/live'].get;
    expect(get.description).toContain(`event: ${LIVE_FEED_EVENT}`);
    expect(JSON.stringify(get.responses)).toContain('text/event-stream');
  });
});
