// The files of stopped server processes (lib/file-writers.ts): only a gone writer's files that no
// row refers to are removed, with what it left half written; a running writer's, this process's
// and keys of no writer are left to the hourly sweep.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { createDiskStorage } from '../plugins/storage.ts';
import {
  createAction,
  createAnswerRow,
  createBusinessWithOwner,
  createProject,
  createScheduleRow,
  createSite,
  createTask,
  type Caller,
} from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { WRITER_LOCK_CLASS, goneWriters, keyMaker, reapWriters, registerWriter, writerOf } from './file-writers.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;
let owner: Caller;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

describe('the files of stopped server processes', () => {
  it("removes a gone writer's unreferenced and unfinished files, and nothing of a running one", async () => {
    const { db } = t.app;
    const [self, gone, running] = [0x1234567, 0x2345678, 0x3456789];
    const storageOf = (writer: number | null) => createDiskStorage(t.uploadsDir, keyMaker(writer));
    for (const writer of [self, gone, running]) await registerWriter(db, writer);
    // A running writer other than this process: only PostgreSQL has any (the embedded database
    // runs one process), known by the lock it holds.
    let lockHolder: pg.Client | null = null;
    if (adminUrl) {
      const url = new URL(adminUrl);
      url.pathname = `/${rowsOf<{ name: string }>(await db.execute(sql`SELECT current_database() AS name`))[0].name}`;
      lockHolder = new pg.Client({ connectionString: url.toString() });
      await lockHolder.connect();
      await lockHolder.query('SELECT pg_advisory_lock($1, $2)', [WRITER_LOCK_CLASS, running]);
    }
    try {
      const kept = await storageOf(gone).put(Buffer.from('answered'), 'png');
      const cutShort = await storageOf(gone).put(Buffer.from('cut short'), 'png');
      const own = await storageOf(self).put(Buffer.from('in progress here'), 'png');
      const others = await storageOf(running).put(Buffer.from('in progress there'), 'png');
      const unknown = await storageOf(null).put(Buffer.from('no writer'), 'png');
      expect(writerOf(cutShort.key)).toBe(gone);
      const partialName = `${cutShort.key.slice(0, 2)}${gone.toString(16).padStart(8, '0')}${'c'.repeat(22)}.png.partial`;
      fs.writeFileSync(path.join(t.uploadsDir, partialName.slice(0, 2), partialName), 'half');

      const site = await createSite(t.app, owner, (await createProject(t.app, owner)).id);
      const task = await createTask(t.app, owner);
      const action = await createAction(t.app, owner, task.id);
      const schedule = await createScheduleRow(db, { businessId: owner.business.id, taskId: task.id, teamId: site.id, userId: owner.userId });
      await createAnswerRow(db, schedule, action.id, { fileKey: kept.key });

      const found = await goneWriters(db, t.database.kind, self, 0);
      expect(found.sort()).toEqual(adminUrl ? [gone] : [gone, running].sort());
      const removed = await reapWriters(db, storageOf(self), [gone]);
      expect(removed.sort()).toEqual([cutShort.key, partialName].sort());
      const storage = storageOf(null);
      for (const file of [kept, own, others, unknown]) expect(await storage.read(file.key), file.key).not.toBeNull();
      const writers = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM file_writers ORDER BY id`)).map((r) => Number(r.id));
      expect(writers).toEqual([self, running]);
    } finally {
      await lockHolder?.end();
    }
  });
});
