// A viewer who reconnects with the id of the last event it had is sent exactly the answers
// published after it: none it already had, none missed. Whichever instance stored them, whichever
// instance the viewer comes back to, and however the commits of their transactions interleave
// with the order their ids were given in (an id is given at insert, the answer counts from commit).
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { actionResults } from '../../../db/schema-schedules.ts';
import { notifyNewAnswer } from '../../../lib/answer-notices.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  addMember,
  callerFor,
  createAction,
  createAnswerRow,
  createBusinessWithOwner,
  createProject,
  createScheduleRow,
  createSite,
  createTask,
  placeInSite,
  signIn,
  type Caller,
} from '../../../test/factories.ts';
import { answerNow, listening, openFeed, type Feed } from './live-feed-test-kit.ts';
import { sql } from 'drizzle-orm';

let t: TestApp;
let second: FastifyInstance;
let owner: Caller;
/** The owner, signed in through the second instance. */
let ownerThere: Caller;
let member: Caller;
let other: Caller;
let otherMember: Caller;
let siteId: number;
let otherSiteId: number;
const bases = new Map<FastifyInstance, string>();
const feeds: Feed[] = [];

/** The owner watching the feed of `app`, from `lastEventId` when given; past the opening blocks. */
async function watch(app: FastifyInstance, lastEventId?: string) {
  const feed = await openFeed(must(bases.get(app)), app === second ? ownerThere : owner, lastEventId);
  feeds.push(feed);
  expect((await feed.nextBlock(5_000))?.retry).toBeDefined();
  expect((await feed.nextBlock(5_000))?.event).toBe('ready');
  return feed;
}

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing');
  return value;
}

/** The answer ids a feed sends, in order, up to and with `last`. */
async function idsUntil(feed: Feed, last: number) {
  const ids: number[] = [];
  for (let id = -1; id !== last;) {
    id = (await feed.nextAnswer()).id;
    ids.push(id);
  }
  return ids;
}

/** Waits until `app` serves exactly `n` viewers. */
async function viewersOf(app: FastifyInstance, n: number) {
  for (let i = 0; i < 200 && app.liveFeed.viewers() !== n; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(app.liveFeed.viewers()).toBe(n);
}

/** Closes a feed and waits until no instance serves it. */
async function leave(feed: Feed) {
  feed.close();
  await viewersOf(t.app, 0);
  await viewersOf(second, 0);
}

const stored = async (app: FastifyInstance) => (await answerNow(app, owner, member, siteId)).id;

/**
 * An answer whose id is given now and whose transaction commits when `commit` is called, after
 * answers given later ids. It says it was stored 45 s before (created_date is the moment its
 * transaction began). On PostgreSQL a real open transaction; the embedded database runs one
 * transaction at a time, so there the id is taken from the sequence now and used at commit.
 */
async function lateAnswer(): Promise<{ id: number; commit: () => Promise<void> }> {
  const task = await createTask(t.app, owner, { geoRestrictionEnabled: false });
  const action = await createAction(t.app, owner, task.id, { required: true });
  const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
  const createdDate = new Date(Date.now() - 45_000);
  if (t.database.kind === 'postgres') {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let given!: (id: number) => void;
    const id = new Promise<number>((resolve) => (given = resolve));
    const committed = t.app.db.transaction(async (tx) => {
      const row = await createAnswerRow(tx, schedule, action.id, { createdDate });
      given(row.id);
      await gate;
      await notifyNewAnswer(tx, owner.business.id, row.id);
    });
    return {
      id: await id,
      commit: async () => {
        release();
        await committed;
      },
    };
  }
  const [reserved] = rowsOf<{ id: string }>(await t.app.db.execute(sql`select nextval(pg_get_serial_sequence('action_results', 'id')) as id`));
  const id = Number(must(reserved).id);
  return {
    id,
    commit: () =>
      t.app.db.transaction(async (tx) => {
        await tx.insert(actionResults).overridingSystemValue().values({
          id,
          businessId: owner.business.id,
          scheduleId: schedule.id,
          actionId: action.id,
          taskId: task.id,
          teamId: siteId,
          userId: member.userId,
          value: 'YES',
          createdDate,
        });
        await notifyNewAnswer(tx, owner.business.id, id);
      }),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  second = await t.secondInstance();
  bases.set(t.app, await listening(t.app));
  bases.set(second, await listening(second));
  owner = await createBusinessWithOwner(t.app);
  ownerThere = callerFor(second, { id: owner.userId, username: owner.username }, await signIn(second, owner.username), owner.business);
  siteId = (await createSite(t.app, owner, (await createProject(t.app, owner)).id)).id;
  member = await addMember(t.app, owner);
  await placeInSite(t.app, owner, siteId, member.userId);
  other = await createBusinessWithOwner(t.app);
  otherMember = await addMember(t.app, other);
  otherSiteId = (await createSite(t.app, other, (await createProject(t.app, other)).id)).id;
  await placeInSite(t.app, other, otherSiteId, otherMember.userId);
});
afterEach(() => {
  for (const feed of feeds.splice(0)) feed.close();
});
afterAll(() => t.close());

describe('the live feed replay', () => {
  it('sends a reconnecting viewer exactly what it missed: from either instance, and an answer that committed late, out of id order', async () => {
    let feed = await watch(t.app);
    const before = [await stored(t.app), await stored(second)];
    expect(await idsUntil(feed, must(before[1]))).toEqual(before);
    // A transaction takes its answer's id now and commits only after the viewer left.
    const late = await lateAnswer();
    const seen = await stored(second);
    expect(await idsUntil(feed, seen)).toEqual([seen]);
    expect(late.id).toBeLessThan(seen);
    const left = feed.lastEventId;
    await leave(feed);

    const missed = [await stored(t.app), await stored(second)];
    await late.commit();
    missed.push(late.id);
    await answerNow(t.app, other, otherMember, otherSiteId);

    // Back through the other instance; a live answer marks the end of the replay.
    feed = await watch(second, left);
    await viewersOf(second, 1);
    const live = await stored(t.app);
    expect(await idsUntil(feed, live)).toEqual([...missed, live]);

    // The ids of replayed and live events resume exactly too, on either instance.
    const again = feed.lastEventId;
    await leave(feed);
    const meanwhile = [await stored(second), await stored(t.app)];
    feed = await watch(t.app, again);
    await viewersOf(t.app, 1);
    const next = await stored(second);
    expect(await idsUntil(feed, next)).toEqual([...meanwhile, next]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'gives places in commit order: while a transaction holds its place uncommitted, the next answer of the business waits for it (PostgreSQL)',
    async () => {
      let feed = await watch(t.app);
      const first = await stored(t.app);
      expect(await idsUntil(feed, first)).toEqual([first]);
      const task = await createTask(t.app, owner, { geoRestrictionEnabled: false });
      const action = await createAction(t.app, owner, task.id, { required: true });
      const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let placed!: (id: number) => void;
      const lateId = new Promise<number>((resolve) => (placed = resolve));
      const late = t.app.db.transaction(async (tx) => {
        const row = await createAnswerRow(tx, schedule, action.id);
        await notifyNewAnswer(tx, owner.business.id, row.id);
        placed(row.id);
        await gate;
      });
      const id = await lateId;
      // Another answer of the business, through the other instance, while that one is uncommitted.
      const next = stored(second);
      const early: number[] = [];
      try {
        for (;;) early.push((await feed.nextAnswer(1_000)).id);
      } catch {
        // Nothing more for now.
      }
      const left = feed.lastEventId;
      await leave(feed);
      release();
      await late;
      const nextId = await next;
      feed = await watch(second, left);
      await viewersOf(second, 1);
      const live = await stored(t.app);
      expect([...early, ...(await idsUntil(feed, live))]).toEqual([id, nextId, live]);
    },
  );

  it('sends a viewer who had no answer yet exactly what was stored after its stream opened', async () => {
    await stored(t.app);
    const feed = await openFeed(must(bases.get(second)), ownerThere);
    feeds.push(feed);
    await feed.nextBlock(5_000);
    expect((await feed.nextBlock(5_000))?.event).toBe('ready');
    const opened = feed.lastEventId;
    await leave(feed);
    const missed = [await stored(second), await stored(t.app)];
    const back = await watch(t.app, opened);
    await viewersOf(t.app, 1);
    const live = await stored(second);
    expect(await idsUntil(back, live)).toEqual([...missed, live]);
  });

  it('resumes a client that reconnects with an id from before places were given: an answer id, or the moment its stream opened', async () => {
    const last = await stored(t.app);
    const missed = [await stored(second), await stored(t.app)];
    let feed = await watch(second, String(last));
    await viewersOf(second, 1);
    let live = await stored(t.app);
    expect(await idsUntil(feed, live)).toEqual([...missed, live]);
    await leave(feed);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const opened = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const after = [await stored(t.app), await stored(second)];
    feed = await watch(t.app, `@${opened}`);
    await viewersOf(t.app, 1);
    live = await stored(second);
    expect(await idsUntil(feed, live)).toEqual([...after, live]);
  });

  it('sends a viewer far behind every answer it missed, page after page, then the ones stored while it caught up, each once and in order', async () => {
    let feed = await watch(t.app);
    const seen = await stored(second);
    expect(await idsUntil(feed, seen)).toEqual([seen]);
    const left = feed.lastEventId;
    await leave(feed);
    // 1,200 answers while it was away (three pages of the replay), placed in the feed as announced ones are.
    const task = await createTask(t.app, owner);
    const action = await createAction(t.app, owner, task.id);
    const schedule = await createScheduleRow(t.app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: member.userId });
    const missed = rowsOf<{ id: string }>(
      await t.app.db.execute(sql`
        with added as (
          insert into action_results (business_id, schedule_id, action_id, task_id, team_id, user_id, value)
          select ${owner.business.id}, ${schedule.id}, ${action.id}, ${task.id}, ${siteId}, ${member.userId}, '"YES"'::jsonb from generate_series(1, 1200)
          returning id)
        insert into answer_feed (answer_id, business_id) select id, ${owner.business.id} from added order by id returning answer_id as id`),
    ).map((row) => Number(row.id));
    // Answers keep coming, one after another as fast as they commit, while the viewer is sent what it missed.
    const writes: number[] = [];
    let stop = false;
    const writing = (async () => {
      while (!stop && writes.length < 400) {
        await t.app.db.transaction(async (tx) => {
          const row = await createAnswerRow(tx, schedule, action.id);
          await notifyNewAnswer(tx, owner.business.id, row.id);
          writes.push(row.id);
        });
      }
    })();
    while (writes.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    feed = await watch(second, left);
    const received: number[] = [];
    for (let i = 0; i < missed.length; i++) received.push((await feed.nextAnswer(10_000)).id);
    stop = true;
    await writing;
    const live = await stored(t.app);
    received.push(...(await idsUntil(feed, live)));
    expect(received).toEqual([...missed, ...writes, live]);
  }, 60_000);

  it('sends every answer once to a viewer who keeps reconnecting while answers are stored through both instances', async () => {
    let feed = await watch(t.app);
    const writes: number[] = [];
    const writing = (async () => {
      for (let i = 0; i < 24; i++) writes.push(await stored(i % 2 ? second : t.app));
    })();
    const received: number[] = [];
    let turn = 0;
    let done = false;
    void writing.then(() => (done = true));
    // Every third answer the viewer drops and comes back, through the other instance.
    while (!done || received.length < writes.length) {
      let answer;
      try {
        answer = await feed.nextAnswer(done ? 3_000 : 15_000);
      } catch {
        break;
      }
      received.push(answer.id);
      if (received.length % 3 === 0) {
        const last = feed.lastEventId;
        feed.close();
        feed = await watch(++turn % 2 ? second : t.app, last);
      }
    }
    await writing;
    expect(received.filter((id, i) => received.indexOf(id) !== i)).toEqual([]);
    expect(writes.filter((id) => !received.includes(id))).toEqual([]);
    expect(received.filter((id) => !writes.includes(id))).toEqual([]);
  }, 60_000);
});
