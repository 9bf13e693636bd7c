// The sweep of stored files no row refers to (lib/file-sweep.ts).
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as core from '../db/schema.ts';
import * as helpdesk from '../db/schema-helpdesk.ts';
import * as platform from '../db/schema-platform.ts';
import * as scheduling from '../db/schema-schedules.ts';
import * as workflow from '../db/schema-workflow.ts';
import { businesses, users } from '../db/schema.ts';
import {
  createAnswerRow,
  createBusinessWithOwner,
  createScheduleRow,
  createTask,
  createAction,
  createProject,
  createSite,
  type Caller,
} from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { FILE_REFERENCES, sweepOrphanFiles } from './file-sweep.ts';

let t: TestApp;
let owner: Caller;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

describe('the sweep of stored files', () => {
  it('removes the files no row refers to and what unfinished writes left, and keeps every referenced one', async () => {
    const { storage, db } = t.app;
    const photo = await storage.put(Buffer.from('photo'), 'png');
    const voice = await storage.put(Buffer.from('voice'), 'webm');
    const avatar = await storage.put(Buffer.from('avatar'), 'png');
    const logo = await storage.put(Buffer.from('logo'), 'png');
    const orphan = await storage.put(Buffer.from('orphan'), 'jpg');
    const task = await createTask(t.app, owner);
    const action = await createAction(t.app, owner, task.id);
    const site = await createSite(t.app, owner, (await createProject(t.app, owner)).id);
    const schedule = await createScheduleRow(db, { businessId: owner.business.id, taskId: task.id, teamId: site.id, userId: owner.userId });
    await createAnswerRow(db, schedule, action.id, { fileKey: photo.key, voiceKey: voice.key });
    await db.update(users).set({ avatar: avatar.url }).where(eq(users.id, owner.userId));
    await db.update(businesses).set({ logo: logo.url }).where(eq(businesses.id, owner.business.id));
    // What a crash in the middle of a write leaves: a partial file under a temporary name.
    const partialName = `${'ab'.repeat(16)}.png.partial`;
    fs.mkdirSync(path.join(t.uploadsDir, 'ab'), { recursive: true });
    fs.writeFileSync(path.join(t.uploadsDir, 'ab', partialName), 'half a pho');

    // Young files are left alone: they may belong to a request still in progress.
    expect((await sweepOrphanFiles(db, storage)).removed).toEqual([]);

    const result = await sweepOrphanFiles(db, storage, 0);
    expect(result.removed.sort()).toEqual([orphan.key, partialName].sort());
    for (const kept of [photo, voice, avatar, logo]) expect(await storage.read(kept.key)).not.toBeNull();
    expect(await storage.read(orphan.key)).toBeNull();
    expect(t.storedFiles().some((f) => f.endsWith('.partial'))).toBe(false);
  });

  it('knows every column that can hold a stored file', () => {
    const tables = (Object.values({ ...core, ...workflow, ...helpdesk, ...scheduling, ...platform }) as unknown[]).filter(
      (value): value is PgTable => typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
    );
    const fileColumns = tables.flatMap((table) => {
      const config = getTableConfig(table);
      return (
        config.columns
          // Text columns hold one key or address; JSON arrays of addresses are named `…_urls`.
          // (A photo's `…_source` says where it came from, not where it is kept.)
          .filter((c) => /file|voice|avatar|logo|image|photo|attachment/.test(c.name) && !c.name.endsWith('_name') && !c.name.endsWith('_source'))
          .filter((c) => c.getSQLType() === 'text' || (c.getSQLType() === 'jsonb' && c.name.endsWith('_urls')))
          .map((c) => `${config.name}.${c.name}`)
      );
    });
    expect(fileColumns.length).toBeGreaterThan(0);
    expect(fileColumns.sort()).toEqual(FILE_REFERENCES.map((r) => `${r.table}.${r.column}`).sort());
  });
});
