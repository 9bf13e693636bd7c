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
  /**
   * Calls `handler` with the payload of every notification on `channel` (pg_notify), whichever
   * connection or process sent it, once the sending transaction commits. Resolves when listening;
   * the function it resolves to stops this handler.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The rows of a raw `db.execute` result; both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * `url` is a PostgreSQL connection string, or `memory://` / a directory path for PGlite.
 * Migrations are applied before the database is handed out.
 */
export async function openDatabase(
  target: { url: string } | { pgliteDir: string | null; /** A data directory tarball to start from (tests). */ loadDataDir?: Blob },
): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not end the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const listener = createPgListener(target.url);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      listen: listener.listen,
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  const client = new PGlite({ dataDir: target.pgliteDir ?? undefined, loadDataDir: target.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // One connection: PGlite hands it the notifications of its own transactions.
    async listen(channel, handler) {
      const stop = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

const RECONNECT_MAX_MS = 10_000;

/**
 * The listening side on PostgreSQL: one dedicated connection outside the pool (a pooled one would
 * go back to the pool and lose its LISTENs), opened by the first listen. When it drops it is
 * opened again, with a growing delay, and listens on every channel again; notifications sent while
 * it was down are lost.
 */
function createPgListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  function dropped(lost: pg.Client, err?: Error) {
    if (client !== lost) return;
    client = null;
    lost.removeAllListeners('end');
    lost.end().catch(() => {});
    if (err) console.error('PostgreSQL listening connection lost:', err.message);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retry || handlers.size === 0) return;
    const delay = Math.min(RECONNECT_MAX_MS, 250 * 2 ** failures);
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: Error) => {
        failures++;
        console.error('PostgreSQL listening connection failed:', err.message);
        scheduleReconnect();
      });
    }, delay);
    retry.unref();
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      next.on('error', (err) => dropped(next, err));
      next.on('end', () => dropped(next));
      try {
        await next.connect();
        for (const channel of handlers.keys()) await next.query(`LISTEN ${quoted(channel)}`);
      } catch (err) {
        next.removeAllListeners('end');
        await next.end().catch(() => {});
        throw err;
      }
      if (closed) {
        await next.end();
        throw new Error('The database is closed.');
      }
      client = next;
      failures = 0;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel: string, handler: (payload: string) => void) {
      if (closed) throw new Error('The database is closed.');
      const known = handlers.get(channel);
      handlers.set(channel, (known ?? new Set()).add(handler));
      try {
        const listening = await connect();
        // A connection opened just now already listens on every channel it was told about.
        if (!known) await listening.query(`LISTEN ${quoted(channel)}`);
      } catch (err) {
        const set = handlers.get(channel);
        set?.delete(handler);
        if (set?.size === 0) handlers.delete(channel);
        throw err;
      }
      return async () => {
        const set = handlers.get(channel);
        if (!set?.delete(handler) || set.size > 0) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      if (open) {
        open.removeAllListeners('end');
        await open.end().catch(() => {});
      }
    },
  };
}
