// kill -9 in the middle of an import of 1,500 members, then a restart on the same data: the job
// the dead process held is taken over once it expires and carries on where the last committed
// batch stopped, so every member is created once, with one invitation each. On the embedded
// database, and on PostgreSQL with TEST_DATABASE_URL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '@fieldops/shared/imports';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { businessMembers, invitations, users } from './db/schema.ts';
import { importRows } from './db/schema-imports.ts';
import { PASSWORD, createBusinessWithOwner, createProject, createSite, multipart } from './test/factories.ts';
import { ageRunningJobs } from './test/queue-kit.ts';
import { serverDatabase, startServer, type ServerProcess } from './test/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const MEMBERS = 1500;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe(`kill -9 during an import (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('creates every member once after a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-import-'));
    dirs.push(dataDir);
    const secret = crypto.randomBytes(32).toString('hex');
    const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET: secret, APP_URL: 'http://app.test' };
    const target = await serverDatabase(dataDir, env);

    const setupDb = await openDatabase(target);
    const setup = await buildApp({ database: setupDb, jwtSecret: new TextEncoder().encode(secret), uploadsDir: path.join(dataDir, 'uploads') });
    await setup.ready();
    const owner = await createBusinessWithOwner(setup);
    const project = await createProject(setup, owner, { name: 'Retail' });
    for (let i = 0; i < 10; i++) await createSite(setup, owner, project.id, { name: `Site ${i}` });
    await setup.close();
    await setupDb.close();

    // Half with an e-mail (an invitation each), half without (an account waiting for its card).
    const lines = ['Name,Email,Sites,External ID'];
    for (let i = 0; i < MEMBERS; i++) lines.push(`Crew ${i},${i % 2 === 0 ? `crew${i}@example.com` : ''},Site ${i % 10},C-${i}`);
    const file = multipart({}, [{ field: 'file', filename: 'crew.csv', type: 'text/csv', data: Buffer.from(lines.join('\n')) }]);

    let server: ServerProcess = await startServer(env);
    const signedIn = await fetch(`${server.url}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: owner.username, password: PASSWORD }),
    });
    // The session is in the database: it still holds after the restart.
    const token = ((await signedIn.json()) as { id_token: string }).id_token;
    const call = (method: string, url: string, body?: Buffer | string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${url}`, { method, body, headers: { authorization: `Bearer ${token}`, 'x-api-key': owner.business.apiKey, ...headers } });
    const summary = async (id: number) => (await (await call('GET', `/api/v1/imports/${id}`)).json()) as ImportSummary;

    const uploaded = await call('POST', '/api/v1/imports?kind=MEMBERS', file.payload, file.headers);
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { id } = (await uploaded.json()) as ImportSummary;
    const committed = await call('POST', `/api/v1/imports/${id}/commit`, JSON.stringify({ existing: 'SKIP' }), { 'content-type': 'application/json' });
    expect(committed.status).toBe(202);

    // Killed once some batches are written and most rows are still to go.
    let before = 0;
    for (let i = 0; i < 1200 && before < 200; i++) {
      before = (await summary(id)).doneRows;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.child.kill('SIGKILL');
    await server.exited;
    expect(before).toBeGreaterThanOrEqual(200);
    // The job it held is taken over once it expires, a minute after it started: that minute passes
    // on the job's clock rather than being waited out.
    const stopped = await openDatabase(target);
    await ageRunningJobs(stopped.db, 60).finally(() => stopped.close());

    server = await startServer(env);
    try {
      let last: ImportSummary | null = null;
      for (let i = 0; i < 360 && last?.status !== 'DONE'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        last = await summary(id);
      }
      expect(last).toMatchObject({ status: 'DONE', doneRows: MEMBERS, outcomes: { created: MEMBERS, failed: 0, skipped: 0 } });
      console.log(`kill -9 after ${before} of ${MEMBERS} rows; all ${MEMBERS} written after the restart`);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    const checkDb = await openDatabase(target);
    try {
      const db = checkDb.db;
      const members = await db.select({ userId: businessMembers.userId }).from(businessMembers).where(eq(businessMembers.businessId, owner.business.id));
      expect(members).toHaveLength(MEMBERS + 1);
      const made = await db.select({ name: users.fullName }).from(users).where(eq(users.createdByBusinessId, owner.business.id));
      expect(new Set(made.map((u) => u.name)).size).toBe(MEMBERS);
      expect(made).toHaveLength(MEMBERS);
      expect(await db.select().from(invitations).where(eq(invitations.businessId, owner.business.id))).toHaveLength(MEMBERS / 2);
      const results = await db
        .select({ id: importRows.resultId })
        .from(importRows)
        .where(and(eq(importRows.importId, id), isNotNull(importRows.resultId)));
      expect(new Set(results.map((r) => r.id)).size).toBe(MEMBERS);
    } finally {
      await checkDb.close();
    }
  }, 300_000);
});
