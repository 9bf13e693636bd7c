// Which process stored a file. Each server process writes under an id of its own, carried in every
// key it makes (characters 3–10) and kept in file_writers. A file is stored before the row that
// refers to it commits, so a process killed between the two (kill -9, a crash, a lost machine)
// leaves the files of the requests it had in flight, and no others. Once the process is known to
// be gone, the files with its id that no row refers to are exactly those, and they are removed
// then, not after the hour the sweep of all files waits (lib/file-sweep.ts).
//
// Gone: on the embedded database, one process runs at a time (the data directory's lock), so
// every id but the running one's is gone. On PostgreSQL each process holds an advisory lock on its
// id for as long as it runs (lib/storage-claim.ts), released by PostgreSQL when the process dies;
// an id whose lock has been missing for a few seconds (longer than a lost connection takes to
// take it again) is gone, and its requests can commit nothing more.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../db/client.ts';
import { KEY_PATTERN, type Storage } from '../plugins/storage.ts';
import { referencedKeys } from './file-sweep.ts';
import { randomKey } from './tokens.ts';

/** The advisory lock class of the writers' locks (two-key form): "fw" in ASCII. */
export const WRITER_LOCK_CLASS = 0x6677;
/** How long an id's lock must be missing on PostgreSQL before its files are judged abandoned. */
export const WRITER_MISSING_GRACE_MS = 5_000;
export const REAP_INTERVAL_MS = 30_000;
const BATCH = 500;

/** A new writer id: 31 bits, so it is also a positive int4 for the lock and the column. */
export const newWriterId = () => randomInt(1, 0x80000000);

const hexOf = (writer: number) => writer.toString(16).padStart(8, '0');

/**
 * The keys a writer makes: still 32 hex characters with its extension (KEY_PATTERN), two random
 * ones first (the disk's folders and the object store's partitions stay spread), then the
 * writer, then 88 random bits. Without a writer (tests, the database commands), all random.
 */
export const keyMaker =
  (writer: number | null = null) =>
  (extension: string) =>
    writer === null ? `${randomKey(16)}.${extension}` : `${randomKey(1)}${hexOf(writer)}${randomKey(11)}.${extension}`;

/** The writer id a key (or an unfinished file's name) carries, if it could be one. */
export function writerOf(name: string): number {
  return Number.parseInt(name.slice(2, 10), 16);
}

/** Records this process as a writer; before it stores anything. */
export async function registerWriter(db: Db, writer: number): Promise<void> {
  await db.execute(sql`INSERT INTO file_writers (id) VALUES (${writer}) ON CONFLICT (id) DO UPDATE SET started_at = now(), missing_since = NULL`);
}

/** The writers other than `self` that are gone (see above). */
export async function goneWriters(db: Db, kind: 'pglite' | 'postgres', self: number, graceMs = WRITER_MISSING_GRACE_MS): Promise<number[]> {
  if (kind === 'pglite') {
    return rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM file_writers WHERE id <> ${self}`)).map((r) => Number(r.id));
  }
  const held = sql`SELECT l.objid::bigint FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
    AND l.classid = ${sql.raw(String(WRITER_LOCK_CLASS))}::oid AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
  await db.execute(sql`UPDATE file_writers SET missing_since = CASE WHEN id IN (${held}) THEN NULL ELSE coalesce(missing_since, now()) END
    WHERE id <> ${self} AND (id IN (${held})) = (missing_since IS NOT NULL)`);
  const gone = await db.execute(sql`SELECT id FROM file_writers WHERE id <> ${self} AND missing_since <= now() - make_interval(secs => ${graceMs / 1000})`);
  return rowsOf<{ id: number }>(gone).map((r) => Number(r.id));
}

/**
 * Removes the files of `writers` (gone) that no row refers to, and what they left half written;
 * then forgets the writers. Nothing of theirs can commit any more, so nothing removed here can be
 * referenced later.
 */
export async function reapWriters(db: Db, storage: Storage, writers: number[]): Promise<string[]> {
  if (writers.length === 0) return [];
  const gone = new Set(writers);
  const removed: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const kept = await referencedKeys(db, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await storage.remove(key);
      removed.push(key);
    }
    batch = [];
  };
  for await (const file of storage.list()) {
    if (!gone.has(writerOf(file.key))) continue;
    if (file.unfinished) {
      await storage.remove(file.key);
      removed.push(file.key);
    } else if (KEY_PATTERN.test(file.key)) {
      batch.push(file.key);
      if (batch.length >= BATCH) await flush();
    }
  }
  await flush();
  await db.execute(sql`DELETE FROM file_writers WHERE id = ANY(${sql.param(writers)}::int[])`);
  return removed;
}

/**
 * Looks for gone writers at start and every `intervalMs`, removing the files they left; stop()
 * ends it once the pass in progress has finished.
 */
export function scheduleWriterReap(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  options: { writer: number; kind: 'pglite' | 'postgres'; intervalMs: number },
) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= goneWriters(db, options.kind, options.writer)
      .then((gone) => reapWriters(db, storage, gone))
      .then((removed) => {
        if (removed.length) log.info({ removed: removed.length }, 'removed the files of requests cut short by a stopped server');
      })
      .catch((err: unknown) => log.warn({ err }, 'the files of stopped servers could not be looked for'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  void run();
  const timer = options.intervalMs > 0 ? setInterval(() => void run(), options.intervalMs) : null;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await (running ?? Promise.resolve());
    },
  };
}
