// Two server instances on one PostgreSQL database: an answer stored through one reaches the
// viewers of the other, and a listening connection that drops is opened again. Runs only on
// PostgreSQL (TEST_DATABASE_URL); PGlite is one process by nature.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { openDatabase, type Database } from '../../../db/client.ts';
import { addMember, callerFor, createBusinessWithOwner, createProject, createSite, placeInSite, signIn, type Caller } from '../../../test/factories.ts';
import { answerNow, listening, openFeed, type Feed } from './live-feed-test-kit.ts';
import { ANSWERS_CHANNEL } from '../../../lib/answer-notices.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('the live feed across server instances (PostgreSQL)', () => {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const jwtSecret = crypto.randomBytes(64);
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const feeds: Feed[] = [];
  let first: FastifyInstance;
  let second: FastifyInstance;
  let owner: Caller;
  let member: Caller;
  let siteId: number;

  const admin = () => new pg.Client({ connectionString: adminUrl });
  async function instance(url: string) {
    const database = await openDatabase({ url });
    databases.push(database);
    const app = await buildApp({ database, jwtSecret, uploadsDir });
    apps.push(app);
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    first = await instance(url.toString());
    second = await instance(url.toString());
    owner = await createBusinessWithOwner(first);
    siteId = (await createSite(first, owner, (await createProject(first, owner)).id)).id;
    member = await addMember(first, owner);
    await placeInSite(first, owner, siteId, member.userId);
  });
  afterAll(async () => {
    for (const feed of feeds) feed.close();
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  /** The owner watching the feed of `app`. */
  async function watch(app: FastifyInstance) {
    const viewer = callerFor(app, { id: owner.userId, username: owner.username }, await signIn(app, owner.username), owner.business);
    const feed = await openFeed(await listening(app), viewer);
    feeds.push(feed);
    await feed.nextBlock(5_000);
    return feed;
  }

  it('sends an answer stored through one instance to the viewers of the other', async () => {
    const onSecond = await watch(second);
    const stored = await answerNow(first, owner, member, siteId);
    expect(await onSecond.nextAnswer()).toMatchObject({ id: stored.id, userId: member.userId, teamId: siteId });
  });

  it('listens again when the listening connection drops', async () => {
    const feed = await watch(second);
    const listeners = async () => {
      const client = admin();
      await client.connect();
      const { rows } = await client.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and query = $2`, [
        name,
        `LISTEN "${ANSWERS_CHANNEL}"`,
      ]);
      await client.end();
      return rows.map((r) => r.pid);
    };
    // Each instance with a viewer holds one listening connection.
    const before = await listeners();
    expect(before).toHaveLength(1);
    const client = admin();
    await client.connect();
    await client.query('select pg_terminate_backend($1)', [before[0]]);
    await client.end();
    let after: number[] = [];
    for (let i = 0; i < 100 && (after.length !== 1 || after[0] === before[0]); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await listeners();
    }
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    // What was sent meanwhile never arrived: the stream ends, so its viewer reconnects and catches up.
    await feed.ended(5_000);
    const again = await watch(second);
    const stored = await answerNow(first, owner, member, siteId);
    expect((await again.nextAnswer()).id).toBe(stored.id);
  });

  it('loses no answer while the listening connection is down: the viewer reconnects and is sent what it missed, once', async () => {
    const viewer = callerFor(second, { id: owner.userId, username: owner.username }, await signIn(second, owner.username), owner.business);
    const base = await listening(second);
    let feed = await openFeed(base, viewer);
    feeds.push(feed);
    await feed.nextBlock(5_000);

    const stored: number[] = [];
    let storing = true;
    const submissions = (async () => {
      for (let i = 0; i < 40; i++) stored.push((await answerNow(first, owner, member, siteId)).id);
      storing = false;
    })();
    const received = new Set<number>();
    const twice: number[] = [];
    let replayed = 0;
    let reconnections = 0;
    const reading = (async () => {
      let reconnected = false;
      for (;;) {
        let answer;
        try {
          answer = await feed.nextAnswer(storing ? 10_000 : 1_500);
        } catch (err) {
          if (!storing && stored.every((id) => received.has(id))) return;
          if ((err as Error).message !== 'the live feed ended') throw err;
          // Ended by the server after the lost connection: back, from the last event had.
          reconnections++;
          feed = await openFeed(base, viewer, feed.lastEventId);
          feeds.push(feed);
          reconnected = true;
          continue;
        }
        if (reconnected && !received.has(answer.id) && stored.includes(answer.id)) replayed++;
        if (received.has(answer.id)) twice.push(answer.id);
        received.add(answer.id);
      }
    })();
    // The listening connection of the viewer's instance drops while answers are stored.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const client = admin();
    await client.connect();
    await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query = $2`, [name, `LISTEN "${ANSWERS_CHANNEL}"`]);
    await client.end();
    await submissions;
    await reading;
    console.info(
      `live feed: ${stored.length} answers stored, ${stored.filter((id) => received.has(id)).length} reached the viewer, ${replayed} of them replayed after ${reconnections} reconnection(s)`,
    );
    expect(stored.filter((id) => !received.has(id))).toEqual([]);
    expect(twice).toEqual([]);
    expect(reconnections).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
