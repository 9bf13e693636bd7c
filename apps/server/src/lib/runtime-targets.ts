// Where a configured instance keeps its data: the database it opens (PostgreSQL, or the embedded
// one in DATA_DIR/pg) and the file store (the S3-compatible store, or DATA_DIR/uploads). The
// server and the database commands (`npm run db:migrate`, `npm run db:seed`) open the same ones.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { DatabaseTarget } from '../db/client.ts';
import type { KeyMaker, Storage } from '../plugins/storage.ts';

export const embeddedDir = (config: Config) => path.join(config.dataDir, 'pg');

/** True when the embedded database has not been created yet (always false on PostgreSQL). */
export const isNewEmbeddedDatabase = (config: Config) => !config.databaseUrl && !fs.existsSync(path.join(embeddedDir(config), 'PG_VERSION'));

export function databaseTarget(config: Config): DatabaseTarget {
  const poolSize = config.databasePoolSize ?? undefined;
  return config.databaseUrl ? { url: config.databaseUrl, poolSize, readUrls: config.databaseReadUrls } : { pgliteDir: embeddedDir(config), poolSize };
}

/**
 * The file store. Loaded when opened: the S3 client only when an object store is configured, and
 * neither before the server's entry has started the embedded database (server.ts). `makeKey`: the
 * server's keys carry its writer id (lib/file-writers.ts).
 */
export async function openStorage(config: Config, makeKey?: KeyMaker): Promise<Storage> {
  if (config.s3) return (await import('../plugins/storage-s3.ts')).createS3Storage(config.s3, makeKey);
  return (await import('../plugins/storage.ts')).createDiskStorage(path.join(config.dataDir, 'uploads'), makeKey);
}
