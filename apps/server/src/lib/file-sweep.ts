// Files no row refers to are removed. A file is stored before the row that refers to it commits
// (plugins/storage.ts writes it whole, then renames it), so a crash between the two leaves a file
// without a row, never a row without its file; and a request that fails removes its own files
// (lib/uploads.ts), but a crash cannot. The files a stopped process had in flight are known by the
// writer id in their keys and removed within seconds (lib/file-writers.ts); this sweep takes what
// is left (keys of no known writer, a row whose commit failed after its file was kept, a released
// file whose removal failed). It runs at start and every hour, on files older than an hour:
// younger ones may belong to a request still in progress on any instance.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../db/client.ts';
import { FILES_ROUTE, type Storage } from '../plugins/storage.ts';

/**
 * Every column that refers to a stored file: by its key, by its URL (`/api/files/<key>`), or by
 * URLs in a JSON array (`urls`, the pictures a version or template of a task names; a GIN index
 * answers `?|` on it).
 */
export const FILE_REFERENCES = [
  { table: 'action_results', column: 'file_key', holds: 'key' },
  { table: 'action_results', column: 'voice_key', holds: 'key' },
  { table: 'held_answers', column: 'file_key', holds: 'key' },
  { table: 'held_answers', column: 'voice_key', holds: 'key' },
  { table: 'ticket_attachments', column: 'file_key', holds: 'key' },
  { table: 'ticket_comments', column: 'file_key', holds: 'key' },
  { table: 'users', column: 'avatar', holds: 'url' },
  { table: 'businesses', column: 'logo', holds: 'url' },
  { table: 'mail_messages', column: 'attachment_key', holds: 'key' },
  { table: 'actions', column: 'image', holds: 'url' },
  { table: 'task_versions', column: 'image_urls', holds: 'urls' },
  { table: 'task_templates', column: 'image_urls', holds: 'urls' },
] as const;

/**
 * Every file a row names, as the row names it (a key, or an address ending in the key), one per
 * row: what checks comparing the store with the rows read.
 */
export const REFERENCED_FILES_SQL = FILE_REFERENCES.map(({ table, column, holds }) =>
  holds === 'urls'
    ? `SELECT jsonb_array_elements_text(${column}) AS key FROM ${table} WHERE ${column} IS NOT NULL`
    : `SELECT ${column} AS key FROM ${table} WHERE ${column} IS NOT NULL`,
).join(' UNION ALL ');

export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

/** Which of `keys` some row refers to. */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const urls = keys.map((key) => `${FILES_ROUTE}/${key}`);
  const checks: SQL[] = FILE_REFERENCES.map(({ table, column, holds }) => {
    if (holds === 'urls') {
      return sql`SELECT substring(u.url from ${sql.raw(String(FILES_ROUTE.length + 2))}) AS key FROM ${sql.raw(table)} t, jsonb_array_elements_text(t.${sql.raw(column)}) AS u(url)
        WHERE t.${sql.raw(column)} ?| ${sql.param(urls)}::text[] AND u.url = ANY(${sql.param(urls)}::text[])`;
    }
    const value = holds === 'key' ? sql.raw(`t.${column}`) : sql.raw(`substring(t.${column} from ${FILES_ROUTE.length + 2})`);
    const prefix = holds === 'key' ? sql`` : sql.raw(` AND t.${column} LIKE '${FILES_ROUTE}/%'`);
    return sql`SELECT ${value} AS key FROM ${sql.raw(table)} t WHERE ${value} = ANY(${sql.param(keys)}::text[])${prefix}`;
  });
  const rows = rowsOf<{ key: string }>(await db.execute(sql.join(checks, sql` UNION `)));
  return new Set(rows.map((r) => r.key));
}

/**
 * Removes a file that a change just let go of (an instruction's replaced picture) unless some row
 * still names it: a copy of the task, a template or a version answered with it keeps it. Call once
 * the change has committed. A failure is logged: the sweep removes the file later.
 */
export async function removeIfUnreferenced(db: Db, storage: Storage, log: FastifyBaseLogger, key: string | null): Promise<boolean> {
  if (!key) return false;
  try {
    if ((await referencedKeys(db, [key])).has(key)) return false;
    await storage.remove(key);
    return true;
  } catch (err) {
    log.warn({ err, key }, 'a released file was not removed; the sweep will');
    return false;
  }
}

export interface SweepResult {
  checked: number;
  removed: string[];
}

/** Removes the files older than `minAgeMs` that no row refers to, and unfinished writes as old. */
export async function sweepOrphanFiles(db: Db, storage: Storage, minAgeMs = SWEEP_MIN_AGE_MS, now = Date.now()): Promise<SweepResult> {
  const result: SweepResult = { checked: 0, removed: [] };
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const kept = await referencedKeys(db, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await storage.remove(key);
      result.removed.push(key);
    }
    batch = [];
  };
  for await (const file of storage.list()) {
    if (now - file.modifiedAt.getTime() < minAgeMs) continue;
    result.checked++;
    if (file.unfinished) {
      await storage.remove(file.key);
      result.removed.push(file.key);
      continue;
    }
    batch.push(file.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return result;
}

/** The sweep at start and every `intervalMs`, logging what it removed; stop() ends it. */
export function scheduleFileSweep(db: Db, storage: Storage, log: FastifyBaseLogger, options: { intervalMs: number; minAgeMs: number }) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= sweepOrphanFiles(db, storage, options.minAgeMs)
      .then((result) => {
        if (result.removed.length) log.info({ removed: result.removed.length, checked: result.checked }, 'removed stored files no row refers to');
      })
      .catch((err: unknown) => log.warn({ err }, 'the sweep of stored files failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  void run();
  const timer = options.intervalMs > 0 ? setInterval(() => void run(), options.intervalMs) : null;
  timer?.unref();
  return {
    /** Resolves once the sweep in progress, if any, has finished. */
    settled: () => running ?? Promise.resolve(),
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
