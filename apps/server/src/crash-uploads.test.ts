// kill -9 while many answers with a photo and a voice note are being uploaded, round after round:
// once the server is started again, and a few seconds on, the stored files are exactly those the
// rows refer to. The kill leaves the files of the requests it cut short, no others, and the
// restarted server removes them at once rather than after the hour the sweep of all files waits
// (lib/file-writers.ts). On disk and in an object store; with an object store and PostgreSQL, a
// second server keeps taking uploads all the while, and none of its files is lost. On the embedded
// database, and on PostgreSQL with TEST_DATABASE_URL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase, rowsOf } from './db/client.ts';
import { REFERENCED_FILES_SQL } from './lib/file-sweep.ts';
import { createS3Storage } from './plugins/storage-s3.ts';
import { createDiskStorage, type Storage } from './plugins/storage.ts';
import {
  IMAGES,
  PASSWORD,
  addMember,
  createAction,
  createBusinessWithOwner,
  createProject,
  createScheduleRow,
  createSite,
  createTask,
  placeInSite,
} from './test/factories.ts';
import { startS3Server, type S3TestServer } from './test/s3-server.ts';
import { serverDatabase, startServer, type ServerProcess } from './test/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 3;
const PER_ROUND = 80;
/** How long after the restart the files are counted: a stopped server is recognised as such at once on the embedded database, after a few seconds without its lock on PostgreSQL. */
const GRACE_MS = adminUrl ? 8_000 : 2_000;
// Large enough that many are still being written when the kill comes.
const PHOTO = Buffer.concat([IMAGES.png, crypto.randomBytes(192 * 1024)]);
const VOICE = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), crypto.randomBytes(64 * 1024)]);

const dirs: string[] = [];
const stores: S3TestServer[] = [];
afterAll(async () => {
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  await Promise.all(stores.map((s) => s.close()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(['disk', 'object store'] as const)(`kill -9 during uploads (%s, ${adminUrl ? 'PostgreSQL' : 'embedded database'})`, (where) => {
  it('leaves, after the restart, exactly the files the rows refer to', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-uploads-'));
    dirs.push(dataDir);
    const secret = crypto.randomBytes(32).toString('hex');
    // The stopped servers' files are looked for every half second, so the count below need not wait long.
    const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: secret, FILE_REAP_INTERVAL_MS: '500' };
    const target = await serverDatabase(dataDir, env);
    const uploadsDir = path.join(dataDir, 'uploads');
    let storage: Storage = createDiskStorage(uploadsDir);
    if (where === 'object store') {
      const s3 = await startS3Server();
      stores.push(s3);
      Object.assign(env, s3.env);
      storage = createS3Storage({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
    }

    const setupDb = await openDatabase(target);
    const setup = await buildApp({ database: setupDb, jwtSecret: new TextEncoder().encode(secret), uploadsDir, storage });
    await setup.ready();
    const owner = await createBusinessWithOwner(setup);
    const site = await createSite(setup, owner, (await createProject(setup, owner)).id);
    const member = await addMember(setup, owner);
    await placeInSite(setup, owner, site.id, member.userId);
    const task = await createTask(setup, owner, { geoRestrictionEnabled: false });
    const photoAction = await createAction(setup, owner, task.id, { type: 'PHOTO' });
    const schedules: { id: number }[] = [];
    for (let i = 0; i < 6; i++) {
      schedules.push(await createScheduleRow(setup.db, { businessId: owner.business.id, taskId: task.id, teamId: site.id, userId: member.userId }));
    }
    await setup.close();
    await setupDb.close();

    let token = '';
    let sent = 0;
    /** One answer with a photo and a voice note; every other one with an Idempotency-Key. */
    const send = async (url: string) => {
      const i = sent++;
      const form = new FormData();
      form.set('scheduleId', String(schedules[i % schedules.length].id));
      form.set('actionId', String(photoAction.id));
      form.set('notes', `upload ${i}`);
      form.set('file', new Blob([PHOTO], { type: 'image/png' }), 'photo.png');
      form.set('voice', new Blob([VOICE], { type: 'audio/wav' }), 'voice.wav');
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-api-key': owner.business.apiKey };
      if (i % 2) headers['idempotency-key'] = `crash-upload-${i}`;
      const res = await fetch(`${url}/services/workflow/api/v1/action-results`, { method: 'POST', headers, body: form });
      await res.arrayBuffer();
      return res.status;
    };
    const storedFiles = async () => {
      const keys: string[] = [];
      for await (const file of storage.list()) keys.push(file.key);
      return keys;
    };
    /** Every stored file any row refers to (by key, or by URL). */
    const referencedFiles = async () => {
      const database = await openDatabase(target);
      try {
        const rows = rowsOf<{ key: string }>(await database.db.execute(REFERENCED_FILES_SQL));
        return new Set(rows.map(({ key }) => key.split('/').pop() as string));
      } finally {
        await database.close();
      }
    };

    // With an object store on PostgreSQL, a second server takes uploads the whole time: the
    // restarted one must not take its files for a stopped server's.
    const other: ServerProcess | null = adminUrl && where === 'object store' ? await startServer(env) : null;
    let otherAnswered = 0;
    let otherRunning = other !== null;
    // Paused while the files are counted, which its uploads in progress would upset.
    let otherPaused = false;
    let otherInFlight = 0;
    const otherLoad = Promise.all(
      Array.from({ length: 2 }, async () => {
        while (otherRunning && other) {
          if (!token || otherPaused) {
            await sleep(20);
            continue;
          }
          otherInFlight++;
          if ((await send(other.url).catch(() => 0)) === 201) otherAnswered++;
          otherInFlight--;
        }
      }),
    );
    const pauseOther = async () => {
      otherPaused = true;
      while (otherInFlight > 0) await sleep(10);
    };

    const rounds: { acknowledged: number; cutOff: number; afterKill: number; orphans: string[]; missing: string[] }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServer(env);
      if (!token) {
        const signedIn = await fetch(`${server.url}/api/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: member.username, password: PASSWORD }),
        });
        token = ((await signedIn.json()) as { id_token: string }).id_token;
      }
      let acknowledged = 0;
      let answered = 0;
      const uploads = Array.from({ length: PER_ROUND }, async () => {
        try {
          if ((await send(server.url)) === 201) acknowledged++;
        } catch {
          // cut off by the kill
        } finally {
          answered++;
        }
      });
      // Killed once some answers are in and many are still on their way.
      while (acknowledged < PER_ROUND / 10 && answered < PER_ROUND) await sleep(5);
      server.child.kill('SIGKILL');
      await Promise.all(uploads);
      await server.exited;
      const afterKill = (await storedFiles()).length;

      // Started again, and given a moment.
      const restarted = await startServer(env);
      await sleep(GRACE_MS);
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited).toBe(0);

      await pauseOther();
      const referenced = await referencedFiles();
      const stored = await storedFiles();
      const orphans = stored.filter((key) => !referenced.has(key));
      const missing = [...referenced].filter((key) => !stored.includes(key));
      rounds.push({ acknowledged, cutOff: PER_ROUND - acknowledged, afterKill, orphans, missing });
      otherPaused = false;
    }
    otherRunning = false;
    await otherLoad;
    if (other) {
      other.child.kill('SIGTERM');
      expect(await other.exited).toBe(0);
      // Everything the second server answered, it answered with its files, all still there.
      const referenced = await referencedFiles();
      const stored = await storedFiles();
      rounds.push({
        acknowledged: otherAnswered,
        cutOff: 0,
        afterKill: stored.length,
        orphans: stored.filter((key) => !referenced.has(key)),
        missing: [...referenced].filter((key) => !stored.includes(key)),
      });
    }

    console.info(
      `kill -9 during uploads (${where}, ${adminUrl ? 'PostgreSQL' : 'embedded'}): ` +
        rounds
          .slice(0, ROUNDS)
          .map(
            (r, n) =>
              `round ${n + 1}: ${r.acknowledged} answered, ${r.cutOff} cut off, ${r.afterKill} files after the kill, ${r.orphans.length} orphans and ${r.missing.length} missing after the restart`,
          )
          .join('; ') +
        (other
          ? `; the second server answered ${otherAnswered}, then ${rounds[ROUNDS].orphans.length} orphans and ${rounds[ROUNDS].missing.length} missing`
          : ''),
    );
    for (const r of rounds.slice(0, ROUNDS)) expect(r.cutOff).toBeGreaterThan(0);
    expect(rounds.map((r) => r.orphans)).toEqual(rounds.map(() => []));
    expect(rounds.map((r) => r.missing)).toEqual(rounds.map(() => []));
  }, 900_000);
});
