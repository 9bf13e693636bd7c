// Runs once before the server test files: prepares one migrated database that every test file
// copies, instead of each file running all migrations on an empty database.
// - PGlite (default): the data directory of a migrated in-memory database, saved as a tarball
//   named by a hash of the migrations and the PGlite version, so it is rebuilt whenever a
//   migration changes and reused otherwise.
// - PostgreSQL (TEST_DATABASE_URL): a migrated template database with a name of its own for this
//   run, which test files copy with CREATE DATABASE … TEMPLATE; dropped when the run ends.
// Test files still run the migrator on their copy, which finds every migration applied.
// It also compiles the server once, as `npm run build` does, for the tests that start it as a
// process (test/server-process.ts): started from TypeScript, each start compiled it again.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../scripts/bundle-server.ts';
import { MIGRATIONS_FOLDER, openDatabase } from '../db/client.ts';
import { SERVER_ROOT } from '../lib/server-root.ts';
import { COMPILED_TEST_SERVER } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory tarball, or null to migrate in each file. */
    pgliteSnapshot: string | null;
    /** Name of the migrated PostgreSQL template database, or null to migrate in each file. */
    postgresTemplate: string | null;
  }
}

const SNAPSHOT_DIR = path.join(os.tmpdir(), 'fieldops-test-db');

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

function pgliteVersion() {
  // The package's exports do not include package.json: walk up from its entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Changes whenever a migration file (SQL or journal), the PGlite version or this file changes. */
function migrationsHash() {
  const hash = crypto
    .createHash('sha256')
    .update(`pglite ${pgliteVersion()}\n`)
    .update(fs.readFileSync(fileURLToPath(import.meta.url)));
  for (const file of filesUnder(MIGRATIONS_FOLDER)) {
    hash.update(`${path.relative(MIGRATIONS_FOLDER, file)}\n`).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function preparePgliteSnapshot() {
  const file = path.join(SNAPSHOT_DIR, `pglite-${migrationsHash()}.tar`);
  if (fs.existsSync(file)) {
    const now = new Date();
    fs.utimesSync(file, now, now); // in use: not to be cleared away as old
    return file;
  }
  fs.mkdirSync(SNAPSHOT_DIR, { recursive: true });
  // Migrated in this process: the data directory is dumped from PGlite itself.
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    // Without it, every copy would replay the migrations from the write-ahead log on start.
    await client.exec('CHECKPOINT');
    const dump = await client.dumpDataDir('none');
    // Written beside and renamed: a run starting at the same time never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await client.close();
  }
  // Snapshots of older migrations are of no more use (a run still using one falls back to migrating).
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of fs.readdirSync(SNAPSHOT_DIR)) {
    const other = path.join(SNAPSHOT_DIR, name);
    if (other !== file && name.startsWith('pglite-') && fs.statSync(other).mtimeMs < hourAgo) fs.rmSync(other, { force: true });
  }
  return file;
}

async function adminQuery(adminUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function preparePostgresTemplate(adminUrl: string) {
  const name = `t_template_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openDatabase({ url: url.toString() });
  await database.close();
  return {
    name,
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The server compiled for this run, under the package (where it finds its migrations). */
async function compileServer() {
  const outdir = path.join(SERVER_ROOT, 'node_modules', '.cache', 'test-server', `${process.pid}`);
  await bundleServer(outdir);
  // Read by startServer in the test workers, which start after this and inherit the variable.
  process.env[COMPILED_TEST_SERVER] = path.join(outdir, 'server.js');
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}

export default async function setup(project: TestProject) {
  const removeServer = await compileServer();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await preparePostgresTemplate(adminUrl);
    project.provide('pgliteSnapshot', null);
    project.provide('postgresTemplate', template.name);
    return async () => {
      removeServer();
      await template.drop();
    };
  }
  project.provide('pgliteSnapshot', await preparePgliteSnapshot());
  project.provide('postgresTemplate', null);
  return removeServer;
}
