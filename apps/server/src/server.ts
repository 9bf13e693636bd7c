// Starts the server: opens the database, creates the demo business on a new embedded data
// directory, listens, and shuts down cleanly on SIGINT/SIGTERM. Everything it creates is its
// user's alone (the database, the uploads, the token secret).
import path from 'node:path';
import { buildApp, DEFAULT_WEB_ROOT } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { closeToOthers, prepareDataDir } from './lib/data-dir.ts';
import pino from 'pino';
import { logOptions } from './lib/log-options.ts';
import { databaseTarget, embeddedDir, isNewEmbeddedDatabase, openStorage } from './lib/runtime-targets.ts';
import { loadJwtSecret } from './lib/tokens.ts';
import { ensureReferenceData } from './seed/reference-data.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemo } from './seed/demo.ts';

async function main() {
  // Before anything is created: whatever is created with a default mode (the embedded database's
  // files, above all) is then owner-only, 0600 and directories 0700.
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  prepareDataDir(config.dataDir);
  const embedded = !config.databaseUrl;
  let unlock = () => {};
  if (embedded) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  }
  const pgDir = embeddedDir(config);
  const isNewDataDir = isNewEmbeddedDatabase(config);
  const target = databaseTarget(config);
  const storage = await openStorage(config);

  // The demo business is written before the app starts, on a database opened for it alone: the
  // embedded database keeps the memory it grew to while writing, so it is closed and opened again.
  let demoCreated = false;
  if (isNewDataDir && config.demo) {
    const seeding = await openDatabase(target);
    try {
      await ensureReferenceData(seeding.db);
      demoCreated = await seedDemo(seeding.db, storage);
    } finally {
      await seeding.close();
    }
  }
  const database = await openDatabase(target);
  // Log lines are gathered and written to standard output a few kilobytes at a time, not with one
  // system call per request; pino writes out what is waiting when the process exits.
  const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const app = await buildApp({
    database,
    jwtSecret: loadJwtSecret(config.jwtSecret, config.dataDir),
    uploadsDir: path.join(config.dataDir, 'uploads'),
    storage,
    services: config.services,
    webRoot: config.webRoot === undefined ? DEFAULT_WEB_ROOT : config.webRoot,
    trustProxy: config.trustProxy,
    logger: logOptions(config.logLevel, logDestination),
    corsOrigins: config.corsOrigins,
    scheduleEngine: config.scheduleEngine,
    rateLimit: config.rateLimit,
    fileSweep: config.fileSweep,
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
      // Every request already sent is answered before the server stops listening
      // (plugins/drain.ts); then open streams end and the database closes.
      await app.drain.start();
      await app.close();
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
