// A real app on a real, empty database for one test file: in-memory PGlite by default, or a
// fresh PostgreSQL database (created and dropped here) when TEST_DATABASE_URL is set. Both start
// as copies of the database migrated once for the run by global-setup.ts when it has prepared one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  uploadsDir: string;
  /** The token secret, shared with any second instance. */
  jwtSecret: Uint8Array;
  /**
   * Another instance of the app on the same database, secret and uploads folder, as a second
   * server behind a load balancer would be; closed with the test app.
   */
  secondInstance(options?: Partial<AppOptions>): Promise<FastifyInstance>;
  /** Every file in the uploads folder, to prove a refused request left nothing behind. */
  storedFiles(): string[];
  close(): Promise<void>;
}

async function createPostgresDatabase(adminUrl: string) {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The migrated PGlite data directory prepared for the run, if there is one to read. */
let snapshot: { file: string; data: Blob } | null = null;
function pgliteSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) return undefined;
  if (snapshot?.file === file) return snapshot.data; // test files of a worker share it (read-only)
  try {
    snapshot = { file, data: new Blob([fs.readFileSync(file)]) };
    return snapshot.data;
  } catch {
    return undefined; // removed meanwhile: this file migrates its own database
  }
}

export async function createTestApp(options: { webRoot?: string } & Partial<AppOptions> = {}): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgDb = adminUrl ? await createPostgresDatabase(adminUrl) : null;
  const database = await openDatabase(pgDb ? { url: pgDb.url } : { pgliteDir: null, loadDataDir: pgliteSnapshot() });
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'));
  const jwtSecret = crypto.randomBytes(64);
  const app = await buildApp({ checkReads: true, ...options, database, jwtSecret, uploadsDir, webRoot: options.webRoot ?? null });
  await app.ready();
  const others: FastifyInstance[] = [];
  return {
    app,
    database,
    uploadsDir,
    jwtSecret,
    async secondInstance(extra = {}) {
      const other = await buildApp({ checkReads: true, ...options, ...extra, database, jwtSecret, uploadsDir, webRoot: null });
      await other.ready();
      others.push(other);
      return other;
    },
    storedFiles: () => (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(uploadsDir, f)).isFile()),
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await database.close();
      await pgDb?.drop();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
