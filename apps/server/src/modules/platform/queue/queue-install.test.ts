// Instances that start together on a new PostgreSQL database all start: one makes the queue's
// tables, the others find them made (PostgreSQL only: the embedded database has one session).
import crypto from 'node:crypto';
import pino from 'pino';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.ts';
import { startQueue } from './queue.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('starting the queue on a new database', () => {
  it('starts every one of six instances that start at once', async () => {
    for (let round = 0; round < 3; round++) {
      const name = `t_${crypto.randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      const databases = await Promise.all(Array.from({ length: 6 }, () => openDatabase({ url: url.toString() })));
      try {
        const queues = await Promise.all(databases.map((d) => startQueue(d.db, pino({ level: 'silent' }))));
        expect(queues).toHaveLength(6);
        await Promise.all(queues.map((q) => q.stop()));
      } finally {
        await Promise.all(databases.map((d) => d.close()));
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  }, 120_000);
});
