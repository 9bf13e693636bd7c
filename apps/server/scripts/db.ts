// The database commands beside `npm start`, with the server's own configuration (DATABASE_URL or
// the embedded database in DATA_DIR, and the file store):
//   npm run db:migrate  applies the migrations not applied yet (the server also does on start);
//   npm run db:seed     migrates, writes the reference data and, on a database without users, the
//                       demo business.
// On the embedded database they take the data directory's lock, so they wait for no server: one
// that is running makes them stop with its name.
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock.ts';
import { prepareDataDir } from '../src/lib/data-dir.ts';
import { databaseTarget, openStorage } from '../src/lib/runtime-targets.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemo } from '../src/seed/demo.ts';
import { ensureReferenceData } from '../src/seed/reference-data.ts';

const COMMANDS = ['migrate', 'seed'] as const;

async function main(command: string | undefined) {
  if (!COMMANDS.some((known) => known === command)) {
    console.error(`Usage: db.ts ${COMMANDS.join(' | ')}`);
    return 2;
  }
  process.umask(0o077);
  const config = loadConfig();
  prepareDataDir(config.dataDir);
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(databaseTarget(config));
    try {
      console.log(`Migrations applied (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`}).`);
      if (command === 'seed') {
        await ensureReferenceData(database.db);
        const created = await seedDemo(database.db, await openStorage(config));
        console.log(
          created
            ? `Reference data written; a demo business was created: sign in as "${DEMO_USERNAME}" with password "${DEMO_PASSWORD}".`
            : 'Reference data written; the database already has users, so no demo business was added.',
        );
      }
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv[2]);
} catch (err) {
  if (!(err instanceof ConfigError || err instanceof DataDirLockedError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
