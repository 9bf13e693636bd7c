// kill -9 in the middle of many answer submissions, a third with photos, each with its own
// Idempotency-Key, then a restart: every acknowledged answer is there with a readable photo, after
// the sweep no stored file lacks its row, and once the outbox has sent every intent again with its
// key (twice) each is stored exactly once. On the embedded database, and on PostgreSQL with TEST_DATABASE_URL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { actionResults } from './db/schema-schedules.ts';
import { REFERENCED_FILES_SQL } from './lib/file-sweep.ts';
import { createDiskStorage } from './plugins/storage.ts';
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
import { serverDatabase, startServer } from './test/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const SUBMISSIONS = 300;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe(`kill -9 during answer submissions (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('keeps every acknowledged answer with its photo, and leaves no file without its row', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
    dirs.push(dataDir);
    const secret = crypto.randomBytes(32).toString('hex');
    const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: secret };
    const target = await serverDatabase(dataDir, env);
    const uploadsDir = path.join(dataDir, 'uploads');

    // The business, set up directly on the data the server will open.
    const setupDb = await openDatabase(target);
    const setup = await buildApp({ database: setupDb, jwtSecret: new TextEncoder().encode(secret), uploadsDir });
    await setup.ready();
    const owner = await createBusinessWithOwner(setup);
    const site = await createSite(setup, owner, (await createProject(setup, owner)).id);
    const member = await addMember(setup, owner);
    await placeInSite(setup, owner, site.id, member.userId);
    const task = await createTask(setup, owner, { geoRestrictionEnabled: false });
    const photoAction = await createAction(setup, owner, task.id, { type: 'PHOTO' });
    const yesNo = await createAction(setup, owner, task.id);
    // Several open schedules, so submissions do not all queue on one row.
    const schedules: { id: number }[] = [];
    for (let i = 0; i < 6; i++) {
      schedules.push(await createScheduleRow(setup.db, { businessId: owner.business.id, taskId: task.id, teamId: site.id, userId: member.userId }));
    }
    await setup.close();
    await setupDb.close();

    const server = await startServer(env);
    const signedIn = await fetch(`${server.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: member.username, password: PASSWORD }),
    });
    const token = ((await signedIn.json()) as { id_token: string }).id_token;
    // Each submission is one intent, sent as the phone's outbox sends it: with its own
    // Idempotency-Key, and its own note to find its answer by.
    const send = async (url: string, i: number) => {
      const withPhoto = i % 3 === 0;
      const form = new FormData();
      form.set('scheduleId', String(schedules[i % schedules.length].id));
      form.set('actionId', String(withPhoto ? photoAction.id : yesNo.id));
      form.set('notes', `intent ${i}`);
      if (withPhoto) form.set('file', new Blob([IMAGES.png], { type: 'image/png' }), 'photo.png');
      else form.set('value', '"YES"');
      const res = await fetch(`${url}/services/workflow/api/v1/action-results`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-api-key': owner.business.apiKey, 'idempotency-key': `crash-intent-${i}` },
        body: form,
      });
      return { status: res.status, id: res.status === 201 ? ((await res.json()) as { result: { id: number } }).result.id : null, withPhoto };
    };
    const acknowledged: { i: number; id: number; withPhoto: boolean }[] = [];
    let answered = 0;
    const submissions = Array.from({ length: SUBMISSIONS }, async (_, i) => {
      try {
        const { id, withPhoto } = await send(server.url, i);
        if (id !== null) acknowledged.push({ i, id, withPhoto });
      } catch {
        // cut off by the kill
      } finally {
        answered++;
      }
    });
    // Killed once some answers are in and many are still on their way.
    while (acknowledged.length < SUBMISSIONS / 10 && answered < SUBMISSIONS) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGKILL');
    await Promise.all(submissions);
    await server.exited;
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeLessThan(SUBMISSIONS);

    // Started again: its start sweep (every file of any age, here) removes what the kill left.
    const restarted = await startServer({ ...env, FILE_SWEEP_MIN_AGE_MS: '0' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);

    // The outbox sends every intent again with its key, at once, and once more later: each is
    // answered 201 (done now, or the first answer replayed), and the replay of an acknowledged one
    // names the same answer. No claim outlives the request that made it (the key commits with the
    // answer), so the server reads no clock here and a later round meets exactly what this one did.
    const again = await startServer(env);
    const retried: Map<number, number>[] = [];
    for (let round = 0; round < 2; round++) {
      const ids = new Map<number, number>();
      for (let from = 0; from < SUBMISSIONS; from += 30) {
        const batch = Array.from({ length: Math.min(30, SUBMISSIONS - from) }, (_, k) => from + k);
        for (const [k, answer] of (await Promise.all(batch.map((i) => send(again.url, i)))).entries()) {
          expect(answer.status, `intent ${batch[k]}, round ${round + 1}`).toBe(201);
          ids.set(batch[k], answer.id ?? 0);
        }
      }
      retried.push(ids);
    }
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    for (const { i, id } of acknowledged) expect(retried[0].get(i), `intent ${i}`).toBe(id);
    expect([...retried[1]]).toEqual([...retried[0]]);

    const database = await openDatabase(target);
    try {
      const rows = await database.db
        .select()
        .from(actionResults)
        .where(
          inArray(
            actionResults.id,
            acknowledged.map((a) => a.id),
          ),
        );
      const storage = createDiskStorage(uploadsDir);
      const lost = acknowledged.filter((a) => !rows.some((r) => r.id === a.id));
      // Every intent stored exactly once: none twice, none missing.
      const perIntent = new Map<string, number>();
      const all = await database.db.select({ notes: actionResults.notes }).from(actionResults);
      for (const { notes } of all) if (notes) perIntent.set(notes, (perIntent.get(notes) ?? 0) + 1);
      const duplicated = [...perIntent].filter(([, n]) => n > 1).map(([notes]) => notes);
      const missing = Array.from({ length: SUBMISSIONS }, (_, i) => `intent ${i}`).filter((notes) => !perIntent.has(notes));
      const unreadable = [];
      for (const row of rows) if (row.fileKey && !(await storage.read(row.fileKey))?.equals(IMAGES.png)) unreadable.push(row.id);
      const photos = rows.filter((r) => r.fileKey).length;
      expect(photos).toBe(acknowledged.filter((a) => a.withPhoto).length);
      expect(all.filter((r) => r.notes).length).toBe(SUBMISSIONS);

      const { rows: keys } = (await database.db.execute(REFERENCED_FILES_SQL)) as unknown as { rows: { key: string }[] };
      const referenced = new Set(keys.map(({ key }) => key.split('/').pop() as string));
      const stored: string[] = [];
      for await (const file of storage.list()) stored.push(file.key);
      const orphans = stored.filter((key) => !referenced.has(key));
      console.info(
        `kill -9 (${adminUrl ? 'PostgreSQL' : 'embedded'}): ${SUBMISSIONS} sent, ${acknowledged.length} acknowledged, ${lost.length} lost, ${orphans.length} orphan files after the sweep; ` +
          `after keyed retries: ${duplicated.length} stored twice, ${missing.length} missing`,
      );
      expect(duplicated).toEqual([]);
      expect(missing).toEqual([]);
      expect(lost).toEqual([]);
      expect(unreadable).toEqual([]);
      expect(orphans).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
