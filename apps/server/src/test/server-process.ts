// The real server as a child process, for the tests of what only a process shows: start, kill -9,
// SIGTERM, restart on the same data. It runs compiled, with the flags of `npm start`: the tests
// start the copy their run compiled (global-setup.ts), the benchmarks dist/server.js; anywhere
// else it runs from TypeScript (`node --import tsx server.ts`). Its database: serverDatabase.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DatabaseTarget } from '../db/client.ts';

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
/** The Node.js flags `npm start` runs the compiled server with (the root package.json's `serve`). */
export const PRODUCTION_NODE_FLAGS = (() => {
  const manifest = JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../../../package.json', import.meta.url)), 'utf8')) as { scripts: { serve: string } };
  return manifest.scripts.serve.split(/\s+/).filter((word) => word.startsWith('--'));
})();
/** What `npm run build` makes of the server (scripts/bundle.ts). */
export const COMPILED_SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
/** The environment variable naming the server the test run compiled. */
export const COMPILED_TEST_SERVER = 'FIELDOPS_TEST_SERVER';
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the server and resolves once /api/health answers. The rate limit and the schedule engine
 * are off unless `env` turns them on; DEMO is off.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: { compiled?: boolean; /** Its standard output's reader is gone before it writes anything. */ stdoutGone?: boolean } = {},
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const compiled = options.compiled ? COMPILED_SERVER : process.env[COMPILED_TEST_SERVER];
  const args = compiled ? [...PRODUCTION_NODE_FLAGS, compiled] : ['--import', 'tsx', SERVER];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DEMO: 'false',
      RATE_LIMIT_PER_SESSION: '0',
      RATE_LIMIT_PER_ADDRESS: '0',
      SCHEDULE_ENGINE_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  if (options.stdoutGone) child.stdout?.destroy();
  else child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  let ended: number | string | null = null;
  void exited.then((code) => (ended = code));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (ended !== null) throw new Error(`the server ended (${ended}) before answering:\n${printed}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, child, output: () => printed, exited };
}

/**
 * The database a server started by a test opens: the embedded one in `dataDir`, or, with
 * TEST_DATABASE_URL, a new PostgreSQL database, whose address goes into `env` (DATABASE_URL).
 */
export async function serverDatabase(dataDir: string, env: Record<string, string>): Promise<DatabaseTarget> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { pgliteDir: path.join(dataDir, 'pg') };
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  return { url: env.DATABASE_URL };
}
