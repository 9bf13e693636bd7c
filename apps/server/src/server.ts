// Starts the server. The entry is kept light: on the embedded database it starts the database's
// thread first, so that PGlite's start-up (its WebAssembly, the data directory) runs beside the
// loading of the rest of the server (serve.ts) instead of after it. Everything the server creates
// is its user's alone (the database, the uploads, the token secret).
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { startEmbedded, type EmbeddedDatabase } from './db/embedded.ts';
import { readEmptyCluster } from './db/empty-cluster.ts';
import { prepareDataDir } from './lib/data-dir.ts';
import { embeddedDir, isNewEmbeddedDatabase } from './lib/runtime-targets.ts';

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
  let unlock = () => {};
  let embedded: Promise<EmbeddedDatabase> | undefined;
  const isNewDataDir = isNewEmbeddedDatabase(config);
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
    // A new data directory starts from the build's archive of an empty cluster (db/empty-cluster.ts).
    embedded = startEmbedded({ dataDir: embeddedDir(config), loadDataDir: isNewDataDir ? readEmptyCluster() : undefined });
    // A failure to start is reported where the database is opened (serve.ts), not meanwhile as
    // an unhandled rejection.
    embedded.catch(() => {});
  }
  const { serve } = await import('./serve.ts');
  await serve(config, { embedded, isNewDataDir, unlock });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
