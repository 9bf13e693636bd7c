// Starts the embedded database (PGlite) on a worker thread (db/embedded-worker.ts) and tells how
// to reach it: a private Unix socket that the `pg` driver connects to as it would to PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EmbeddedWorkerData, EmbeddedWorkerMessage } from './embedded-worker.ts';

/** Connection settings for `pg` (a Unix socket directory as the host). */
export interface EmbeddedConnection {
  host: string;
  port: number;
  user: string;
  database: string;
}

export interface EmbeddedDatabase {
  connection: EmbeddedConnection;
  close(): Promise<void>;
}

const PORT = 5432; // names the socket file: <dir>/.s.PGSQL.5432
const SOCKET_PATH_MAX = 100; // sun_path holds 104–108 bytes, depending on the system

/**
 * Beside a data directory when the path fits a socket address (an operator can then connect with
 * `psql -h <DATA_DIR>/run`), else in a new private temporary directory.
 */
function socketDirectory(dataDir: string | null) {
  if (dataDir) {
    const dir = path.join(path.dirname(dataDir), 'run');
    if (path.join(dir, `.s.PGSQL.${PORT}`).length <= SOCKET_PATH_MAX) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      return { dir, temporary: false };
    }
  }
  return { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-db-')), temporary: true };
}

/**
 * The worker runs as TypeScript through tsx when this module does (development, tests), and as
 * the compiled file otherwise.
 */
function spawnWorker(data: EmbeddedWorkerData) {
  const here = import.meta.url;
  const entry = new URL(here.endsWith('.ts') ? './embedded-worker.ts' : './embedded-worker.js', here).href;
  if (!here.endsWith('.ts')) return new Worker(new URL(entry), { workerData: data });
  const boot = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(here)}))`;
  return new Worker(boot, { eval: true, workerData: data });
}

export async function startEmbedded(options: { dataDir: string | null; loadDataDir?: Blob }): Promise<EmbeddedDatabase> {
  const socket = socketDirectory(options.dataDir);
  const socketPath = path.join(socket.dir, `.s.PGSQL.${PORT}`);
  const worker = spawnWorker({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, socketPath });
  let closing = false;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: EmbeddedWorkerMessage) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'failed') reject(new Error(`The embedded database did not start: ${message.message}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The embedded database stopped while starting (exit ${code}).`)));
  });
  worker.removeAllListeners('exit');
  worker.removeAllListeners('error');
  // Without its database the server cannot answer anything: a crash of the thread stops the
  // process, and whatever supervises it starts it again.
  worker.on('error', (err) => {
    console.error('The embedded database failed:', err);
    process.exit(1);
  });
  worker.on('exit', (code) => {
    if (closing) return;
    console.error(`The embedded database stopped (exit ${code}).`);
    process.exit(1);
  });

  return {
    connection: { host: socket.dir, port: PORT, user: 'postgres', database: 'postgres' },
    async close() {
      if (closing) return;
      closing = true;
      const closed = new Promise<void>((resolve) => {
        worker.on('message', (message: EmbeddedWorkerMessage) => {
          if (message.type === 'closed') resolve();
        });
        worker.once('exit', () => resolve());
      });
      worker.postMessage({ type: 'close' });
      await closed;
      await worker.terminate();
      if (socket.temporary) fs.rmSync(socket.dir, { recursive: true, force: true });
    },
  };
}
