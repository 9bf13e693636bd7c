// A throw-away PostgreSQL database for a benchmark: created, migrated, handed to the work, then
// dropped (or kept, to explore it with EXPLAIN afterwards).
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';

/** Drops the database once the pool's connections have finished closing (forcing could fail a closing one). */
async function dropDatabase(admin: pg.Client, name: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  console.error(`Could not drop the benchmark database ${name}; drop it by hand.`);
}

/**
 * Runs `work` on a new database `<prefix>_<pid>` on the server of `serverUrl`, or on the
 * `existing` one of an earlier run. With `keep` (or `existing`) the database is left in place and
 * its name printed.
 */
export async function withPostgres<T>(
  serverUrl: string,
  prefix: string,
  work: (database: Database, url: string) => Promise<T>,
  options: { keep?: boolean; existing?: string } = {},
): Promise<T> {
  const name = options.existing ?? `${prefix}_${process.pid}`;
  const keep = options.keep || options.existing !== undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (options.existing === undefined) {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString() });
    try {
      return await work(database, url.toString());
    } finally {
      await database.close();
    }
  } finally {
    if (keep) console.log(`Kept the benchmark database ${name}; drop it when done.`);
    else await dropDatabase(admin, name);
    await admin.end();
  }
}

/** CPU milliseconds a local process has used, from /proc (Linux); null elsewhere. */
export function processCpuMs(pid: number): number | null {
  try {
    const [, afterName] = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ');
    if (afterName === undefined) return null;
    const fields = afterName.split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
