// A throw-away PostgreSQL database for a benchmark: created, migrated, handed to the work, then
// dropped (or kept, to explore it with EXPLAIN afterwards).
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
 * Runs `work` on a new database `<prefix>_<pid>` on the server of `serverUrl`. With `keep` the
 * database is left in place and its name printed.
 */
export async function withPostgres<T>(
  serverUrl: string,
  prefix: string,
  work: (database: Database, url: string) => Promise<T>,
  options: { keep?: boolean } = {},
): Promise<T> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
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
    if (options.keep) console.log(`Kept the benchmark database ${name}; drop it when done.`);
    else await dropDatabase(admin, name);
    await admin.end();
  }
}
