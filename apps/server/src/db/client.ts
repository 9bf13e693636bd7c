// Opens the database: embedded PGlite by default, PostgreSQL through a pool when a URL is given.
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as core from './schema.ts';
import * as helpdesk from './schema-helpdesk.ts';
import * as scheduling from './schema-schedules.ts';
import * as workflow from './schema-workflow.ts';

const schema = { ...core, ...workflow, ...helpdesk, ...scheduling };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * `url` is a PostgreSQL connection string, or `memory://` / a directory path for PGlite.
 * Migrations are applied before the database is handed out.
 */
export async function openDatabase(target: { url: string } | { pgliteDir: string | null }): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not end the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const client = target.pgliteDir ? new PGlite(target.pgliteDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
