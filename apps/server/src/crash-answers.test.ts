// kill -9 in the middle of many answer submissions, a third with photos, then a restart: every
// acknowledged answer is there with a readable photo, and after the sweep no stored file lacks
// its row. On the embedded database, and on PostgreSQL with TEST_DATABASE_URL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase, type DatabaseTarget } from './db/client.ts';
import { actionResults } from './db/schema-schedules.ts';
import { FILE_REFERENCES } from './lib/file-sweep.ts';
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
import { startServer } from './test/server-process.ts';

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
    let target: DatabaseTarget = { pgliteDir: path.join(dataDir, 'pg') };
    if (adminUrl) {
      const name = `t_${crypto.randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      target = { url: env.DATABASE_URL };
    }
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
    const acknowledged: { id: number; withPhoto: boolean }[] = [];
    let answered = 0;
    const submissions = Array.from({ length: SUBMISSIONS }, async (_, i) => {
      const withPhoto = i % 3 === 0;
      const form = new FormData();
      form.set('scheduleId', String(schedules[i % schedules.length].id));
      form.set('actionId', String(withPhoto ? photoAction.id : yesNo.id));
      if (withPhoto) form.set('file', new Blob([IMAGES.png], { type: 'image/png' }), 'photo.png');
      else form.set('value', '"YES"');
      try {
        const res = await fetch(`${server.url}/services/workflow/api/v1/action-results`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'x-api-key': owner.business.apiKey },
          body: form,
        });
        if (res.status === 201) acknowledged.push({ id: ((await res.json()) as { result: { id: number } }).result.id, withPhoto });
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
      const unreadable = [];
      for (const row of rows) if (row.fileKey && !(await storage.read(row.fileKey))?.equals(IMAGES.png)) unreadable.push(row.id);
      const photos = rows.filter((r) => r.fileKey).length;
      expect(photos).toBe(acknowledged.filter((a) => a.withPhoto).length);

      const referenced = new Set<string>();
      for (const { table, column } of FILE_REFERENCES) {
        const { rows: keys } = (await database.db.execute(`SELECT ${column} AS key FROM ${table} WHERE ${column} IS NOT NULL`)) as unknown as {
          rows: { key: string }[];
        };
        for (const { key } of keys) referenced.add(key.split('/').pop() as string);
      }
      const stored: string[] = [];
      for await (const file of storage.list()) stored.push(file.key);
      const orphans = stored.filter((key) => !referenced.has(key));
      console.info(
        `kill -9 (${adminUrl ? 'PostgreSQL' : 'embedded'}): ${SUBMISSIONS} sent, ${acknowledged.length} acknowledged, ${lost.length} lost, ${orphans.length} orphan files after the sweep`,
      );
      expect(lost).toEqual([]);
      expect(unreadable).toEqual([]);
      expect(orphans).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
