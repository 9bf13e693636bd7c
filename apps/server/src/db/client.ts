// Opens the database: PostgreSQL when a URL is given, else the embedded PGlite; both through one
// `pg` pool.
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { must } from '@fieldops/shared/must';
import * as core from './schema.ts';
import * as helpdesk from './schema-helpdesk.ts';
import * as rollups from './schema-rollups.ts';
import * as scheduling from './schema-schedules.ts';
import * as workflow from './schema-workflow.ts';
import * as platform from './schema-platform.ts';
import * as imports from './schema-imports.ts';
import * as kiosks from './schema-kiosks.ts';
import * as evidence from './schema-evidence.ts';
import * as calendar from './schema-calendar.ts';
import * as integrations from './schema-integrations.ts';
import { startEmbedded, type EmbeddedDatabase } from './embedded.ts';
import { registerDatabaseKind } from './prepared.ts';
import { SERVER_ROOT } from '../lib/server-root.ts';

const schema = { ...core, ...workflow, ...helpdesk, ...scheduling, ...rollups, ...platform, ...imports, ...kiosks, ...evidence, ...calendar, ...integrations };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * Where dashboard and report reads go: the next streaming replica (DATABASE_READ_URL), in turn,
   * or `db` when there is none. Replicas lag the primary a little; nothing that must see a write
   * just made reads here.
   */
  read(): Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `handler` with the payload of every notification on `channel` (pg_notify), whichever
   * connection or process sent it, once the sending transaction commits. Resolves when listening;
   * the function it resolves to stops this handler. `onGap` is called when the listening
   * connection was lost and listens again: notifications sent meanwhile did not arrive. `onLost`
   * is called the moment the listening connection is lost, before it listens again.
   */
  listen(channel: string, handler: (payload: string) => void, onGap?: () => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Ids as one `bigint[]` value of a raw statement (`= any(...)`), each a parameter. */
export const bigintArray = (ids: readonly number[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;

/** The rows of a raw `db.execute` result; both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** The one row of a query that always answers one, such as an aggregate without `group by`. */
export const onlyRowOf = <T>(result: unknown) => must(rowsOf<T>(result)[0], 'an aggregate query answers one row');

/** Rows changed by a statement, whichever driver ran it (node-postgres or PGlite). */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number | null };
  return r.rowCount ?? r.affectedRows ?? 0;
}

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

/**
 * Connections per instance when DATABASE_POOL_SIZE does not say. PostgreSQL: an answer takes a
 * handful of short queries, and 10 per instance keeps several instances well inside PostgreSQL's
 * default 100 connections. The embedded database runs one statement at a time; a few
 * connections let the web server prepare the next while one runs (bench/pool.ts measured both).
 */
export const DEFAULT_POOL_SIZE = { postgres: 10, pglite: 4 } as const;

/** How long a request waits for a free connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

export type DatabaseTarget =
  | { url: string; poolSize?: number; readUrls?: string[] }
  | {
      /** The data directory; null keeps the database in memory. */
      pgliteDir: string | null;
      /** A data directory tarball to start from (tests). */
      loadDataDir?: Blob;
      /** The database's thread, already starting on `pgliteDir` (server.ts); else one is started. */
      started?: Promise<EmbeddedDatabase>;
      poolSize?: number;
    };

/**
 * A PostgreSQL server's connection, with just-in-time compilation off: the app's queries are short,
 * and the compiler, which starts on a plan's estimated cost, took a second over queries that run
 * in milliseconds. An `options` parameter in the URL replaces this one.
 */
export const serverConnection = (url: string): pg.ClientConfig => ({ connectionString: url, options: '-c jit=off' });

/**
 * `url` is a PostgreSQL connection string; otherwise the embedded database starts on a worker
 * thread (db/embedded.ts) and is reached the same way, through `pg`. Migrations are applied before
 * the database is handed out.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const embedded = 'url' in target ? null : await (target.started ?? startEmbedded({ dataDir: target.pgliteDir, loadDataDir: target.loadDataDir }));
  const kind = embedded ? 'pglite' : 'postgres';
  const connection: pg.ClientConfig = embedded ? embedded.connection : serverConnection((target as { url: string }).url);
  const poolOf = (config: pg.ClientConfig) => {
    const made = new pg.Pool({ ...config, max: target.poolSize ?? DEFAULT_POOL_SIZE[kind], connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // A connection the server drops (a restart, a failover, an administrator) reports an error on
    // its client, idle in the pool or lent to a request. Neither may end the process: the query in
    // flight fails (and its request answers 503), the pool discards the client and opens another.
    made.on('error', (err) => console.error('Database connection lost:', err.message));
    made.on('connect', (client) => {
      client.on('error', (err) => console.error('Database connection lost during a query:', err.message));
    });
    return made;
  };
  const pool = poolOf(connection);
  const db = drizzle(pool, { schema });
  registerDatabaseKind(db as unknown as Db, kind);
  const replicaPools = ('url' in target ? (target.readUrls ?? []) : []).map((url) => poolOf(serverConnection(url)));
  const replicas = replicaPools.map((replica) => {
    const replicaDb = drizzle(replica, { schema }) as unknown as Db;
    registerDatabaseKind(replicaDb, kind);
    return replicaDb;
  });
  let turn = 0;
  const listener = createPgListener(connection);
  try {
    await migrateOnce(pool);
  } catch (err) {
    await pool.end().catch(() => {});
    await embedded?.close();
    throw err;
  }
  return {
    db: db as unknown as Db,
    read: () => replicas[turn++ % replicas.length] ?? (db as unknown as Db),
    kind,
    listen: listener.listen,
    async close() {
      await listener.close();
      await Promise.all(replicaPools.map((replica) => replica.end()));
      await pool.end();
      await embedded?.close();
    },
  };
}

/** Any number, the same in every instance: the advisory lock taken while migrating. */
const MIGRATION_LOCK = 7_346_001;

/**
 * Applies the migrations not applied yet. Instances that start together on one database take
 * turns (a session-level advisory lock): the first applies them, the others then find nothing to do.
 */
async function migrateOnce(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

const RECONNECT_MAX_MS = 10_000;

interface Subscription {
  handler: (payload: string) => void;
  onGap?: () => void;
  onLost?: () => void;
}

/**
 * The listening side: one dedicated connection outside the pool (a pooled one would go back to
 * the pool and lose its LISTENs), opened by the first listen. When it drops it is opened again,
 * with a growing delay, and listens on every channel again; notifications sent while it was down
 * are lost, so each subscriber is then told (`onGap`).
 */
function createPgListener(connection: pg.ClientConfig) {
  const subscriptions = new Map<string, Set<Subscription>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;
  let lost = false;
  let closed = false;

  const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  function dropped(gone: pg.Client, err?: Error) {
    if (client !== gone) return;
    client = null;
    lost = true;
    gone.removeAllListeners('end');
    gone.end().catch(() => {});
    if (err) console.error('Database listening connection lost:', err.message);
    tell('onLost');
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retry || subscriptions.size === 0) return;
    const delay = Math.min(RECONNECT_MAX_MS, 250 * 2 ** failures);
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: Error) => {
        failures++;
        console.error('Database listening connection failed:', err.message);
        scheduleReconnect();
      });
    }, delay);
    retry.unref();
  }

  function tell(event: 'onGap' | 'onLost') {
    for (const set of subscriptions.values()) {
      for (const subscription of set) {
        try {
          subscription[event]?.();
        } catch (err) {
          console.error('A listener failed to catch up:', (err as Error).message);
        }
      }
    }
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client(connection);
      next.on('notification', (message) => {
        for (const { handler } of subscriptions.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      next.on('error', (err) => dropped(next, err));
      next.on('end', () => dropped(next));
      try {
        await next.connect();
        for (const channel of subscriptions.keys()) await next.query(`LISTEN ${quoted(channel)}`);
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
      if (lost) {
        lost = false;
        tell('onGap');
      }
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(channel: string, handler: (payload: string) => void, onGap?: () => void, onLost?: () => void) {
      if (closed) throw new Error('The database is closed.');
      const subscription: Subscription = { handler, onGap, onLost };
      const known = subscriptions.get(channel);
      subscriptions.set(channel, (known ?? new Set()).add(subscription));
      try {
        const listening = await connect();
        // A connection opened just now already listens on every channel it was told about.
        if (!known) await listening.query(`LISTEN ${quoted(channel)}`);
      } catch (err) {
        const set = subscriptions.get(channel);
        set?.delete(subscription);
        if (set?.size === 0) subscriptions.delete(channel);
        throw err;
      }
      return async () => {
        const set = subscriptions.get(channel);
        if (!set?.delete(subscription) || set.size > 0) return;
        subscriptions.delete(channel);
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
