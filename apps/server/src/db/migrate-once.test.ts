// Several instances starting at once on an empty PostgreSQL database: each waits its turn, the
// first applies every migration, and each migration is applied once. PostgreSQL only
// (TEST_DATABASE_URL); one process owns an embedded database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, rowsOf, type Database } from './client.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('migrating a new PostgreSQL database from several instances at once', () => {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const opened: Database[] = [];

  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('applies each migration once, and every instance starts', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;

    const results = await Promise.allSettled(Array.from({ length: 3 }, () => openDatabase({ url: url.toString() })));
    for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started', 'started']);

    const journal = JSON.parse(fs.readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
    const applied = rowsOf<{ n: number }>(await opened[0].db.execute('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'));
    expect(applied[0].n).toBe(journal.entries.length);
  });
});
