// Instances on one PostgreSQL must share one file store: files kept on an instance's own disk
// (no S3_BUCKET) are not found by the others, which answer 404 for them. The instances meet in
// the database: each holds an advisory lock for as long as it runs, on a connection of its own,
// exclusive when its files are on disk and shared when they are in the object store. So one
// instance on disk runs alone, any number on the object store run together, and a start that
// would mix them is refused. The same connection holds the lock on the instance's writer id, which
// tells the others it still runs (lib/file-writers.ts).
import pg from 'pg';
import { WRITER_LOCK_CLASS } from './file-writers.ts';

/** The advisory lock's key ("files" in ASCII): unlike the migrations' and the engine's. */
const FILE_STORE_LOCK = 0x66696c6573;
const RETRY_MS = 1_000;
const PATIENCE_MS = 5_000;

export class FileStoreClaimedError extends Error {}

function refusal(onDisk: boolean) {
  return onDisk
    ? 'Another instance runs on this PostgreSQL database, and this one would keep its files on its own disk, where the others cannot find them. ' +
        'Set S3_BUCKET (and the other S3_ settings) on every instance so that they share one object store, or run a single instance.'
    : 'An instance that keeps its files on its own disk (no S3_BUCKET) runs on this PostgreSQL database; its files are not in the object store. ' +
        'Stop it and set S3_BUCKET on every instance before starting more.';
}

/**
 * Takes this instance's place among those on `databaseUrl`, or throws FileStoreClaimedError with
 * the reason, and holds the lock on `writer`. Resolves to the function that gives both back. A
 * lost connection is opened again and the locks taken again; if another instance took the file
 * store meanwhile, that is logged loudly.
 */
export async function claimFileStore(databaseUrl: string, onDisk: boolean, writer: number): Promise<() => Promise<void>> {
  const lock = onDisk ? 'pg_try_advisory_lock' : 'pg_try_advisory_lock_shared';
  let client: pg.Client | null = null;
  let stopped = false;

  async function take(): Promise<boolean> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('error', () => {});
    await next.connect();
    const { rows } = await next.query<{ taken: boolean }>(`SELECT ${lock}($1) AS taken`, [FILE_STORE_LOCK]);
    if (!rows[0]?.taken) {
      await next.end();
      return false;
    }
    const { rows: mine } = await next.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS taken', [WRITER_LOCK_CLASS, writer]);
    if (!mine[0]?.taken) {
      // Another process with the same id (one chance in two billion): this one cannot prove it runs.
      await next.end();
      throw new Error(`The file writer id ${writer} is held by another process.`);
    }
    client = next;
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      setTimeout(retake, RETRY_MS).unref();
    });
    return true;
  }

  function retake() {
    if (stopped) return;
    take().then(
      (taken) => {
        if (!taken) console.error(refusal(onDisk));
      },
      () => setTimeout(retake, RETRY_MS).unref(),
    );
  }

  // A predecessor killed a moment ago holds the lock until the database notices its connection
  // is gone: a few seconds' patience before refusing.
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await take())) {
    if (Date.now() > deadline) throw new FileStoreClaimedError(refusal(onDisk));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return async () => {
    stopped = true;
    await client?.end();
    client = null;
  };
}
