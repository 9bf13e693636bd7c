// The server past its entry (server.ts): opens the database, creates the demo business on a new
// embedded data directory, listens, and shuts down cleanly on SIGINT/SIGTERM.
import path from 'node:path';
import { buildApp, DEFAULT_WEB_ROOT } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseTarget } from './db/client.ts';
import type { EmbeddedDatabase } from './db/embedded.ts';
import { closeToOthers } from './lib/data-dir.ts';
import { claimFileStore, FileStoreClaimedError } from './lib/storage-claim.ts';
import { keyMaker, newWriterId } from './lib/file-writers.ts';
import { logOptions } from './lib/log-options.ts';
import { createLogOutput, ignoreLostStdout } from './lib/log-output.ts';
import { FOLD_INTERVAL_MS } from './modules/workflow/reports/member-fold.ts';
import { FEED_PRUNE_INTERVAL_MS } from './modules/workflow/live-feed/feed-prune.ts';
import { databaseTarget, embeddedDir, openStorage } from './lib/runtime-targets.ts';
import { loadJwtSecret, sharedJwtSecret } from './lib/tokens.ts';
import { ensureReferenceData } from './seed/reference-data.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemo } from './seed/demo.ts';

export interface Started {
  /** The embedded database's thread, already starting; undefined on PostgreSQL. */
  embedded: Promise<EmbeddedDatabase> | undefined;
  /** The embedded data directory had no database before this start. */
  isNewDataDir: boolean;
  /** Gives the data directory's lock back. */
  unlock: () => void;
}

export async function serve(config: Config, { embedded: starting, isNewDataDir, unlock }: Started) {
  const embedded = starting !== undefined;
  const pgDir = embeddedDir(config);
  const target = databaseTarget(config);
  // Every key this process stores carries its id, so that the files of its requests cut short by
  // a crash are known as such (lib/file-writers.ts).
  const writer = newWriterId();
  const storage = await openStorage(config, keyMaker(writer));
  // Instances on one PostgreSQL share one file store, or one runs alone (lib/storage-claim.ts).
  let releaseFileStore: (() => Promise<void>) | null = null;
  if (config.databaseUrl) {
    try {
      releaseFileStore = await claimFileStore(config.databaseUrl, !config.s3, writer);
    } catch (err) {
      if (!(err instanceof FileStoreClaimedError)) throw err;
      console.error(err.message);
      process.exit(1);
    }
  }

  // The demo business is written before the app starts, on a database opened for it alone: the
  // embedded database keeps the memory it grew to while writing, so it is closed and opened again.
  let demoCreated = false;
  // The thread the entry started serves the first opening; a later one starts its own.
  let opening: DatabaseTarget = 'pgliteDir' in target ? { ...target, started: starting } : target;
  if (isNewDataDir && config.demo) {
    const seeding = await openDatabase(opening);
    opening = target;
    try {
      await ensureReferenceData(seeding.db);
      demoCreated = await seedDemo(seeding.db, storage);
    } finally {
      await seeding.close();
    }
  }
  const database = await openDatabase(opening);
  // On PostgreSQL the generated secret lives in the database, so that a release started from
  // another directory or machine keeps every session it finds (lib/tokens.ts).
  const jwtSecret =
    config.databaseUrl && !config.jwtSecret ? await sharedJwtSecret(database.db, config.dataDir) : loadJwtSecret(config.jwtSecret, config.dataDir);
  // Log lines are gathered and written to standard output a few kilobytes at a time, not with one
  // system call per request, and written out when the process exits. A log reader that goes away
  // costs the lines, never the server (lib/log-output.ts).
  ignoreLostStdout();
  const logDestination = createLogOutput();
  process.on('exit', () => logDestination.flushSync());
  const app = await buildApp({
    database,
    jwtSecret,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    storage,
    services: config.services,
    webRoot: config.webRoot === undefined ? DEFAULT_WEB_ROOT : config.webRoot,
    trustProxy: config.trustProxy,
    sso: config.sso,
    webhooks: config.webhooks,
    logger: logOptions(config.logLevel, logDestination),
    corsOrigins: config.corsOrigins,
    scheduleEngine: config.scheduleEngine,
    rateLimit: config.rateLimit,
    fileSweep: { ...config.fileSweep, writer },
    memberFold: { intervalMs: FOLD_INTERVAL_MS },
    feedPrune: { intervalMs: FEED_PRUNE_INTERVAL_MS },
    jobs: { work: true, mail: config.mail },
  });

  // A new embedded database was unpacked with modes past the umask (lib/data-dir.ts); the walk is
  // left out for the uploads, which may be many and are written 0600 (plugins/storage.ts).
  if (embedded) closeToOthers(pgDir);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      // The server stops listening and answers every request it has received
      // (plugins/drain.ts); then open streams end and the database closes.
      await app.drain.start();
      await app.close();
      await releaseFileStore?.();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = embedded ? `embedded database in ${pgDir}` : 'PostgreSQL';
  console.log(`\nThe app is running on http://localhost:${config.port} (${where}).`);
  if (demoCreated) console.log(`A demo business was created: sign in as "${DEMO_USERNAME}" with password "${DEMO_PASSWORD}".`);
  else if (embedded) console.log(`Demo sign-in (if the demo business exists): "${DEMO_USERNAME}" / "${DEMO_PASSWORD}".`);
  console.log(`API documentation: http://localhost:${config.port}/api/docs\n`);
}
