// The data directory is the server user's alone: a real start of server.ts on a new directory
// (embedded database, demo uploads, token secret, lock file) leaves nothing open to others.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { closeToOthers, prepareDataDir } from './data-dir.ts';

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Every file and folder under `dir` whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const mode = fs.lstatSync(path.join(dir, name)).mode;
    if ((mode & 0o077) !== 0) open.push(`${(mode & 0o777).toString(8)} ${name}`);
  }
  return open;
}

/** Starts the server on `dataDir` and resolves once it listens, with a way to stop it. */
function startServer(dataDir: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SCHEDULE_ENGINE_INTERVAL_MS: '0',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'JWT_SECRET', 'CORS_ORIGIN', 'SERVICES']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('The app is running')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  return {
    ready,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('the data directory', () => {
  it('a real start creates it 0700 with every file 0600', async () => {
    const dataDir = path.join(scratch, 'fresh', 'data');
    const server = startServer(dataDir);
    try {
      await server.ready;
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      for (const name of ['jwt-secret', 'server.lock', 'pg/PG_VERSION']) expect(fs.existsSync(path.join(dataDir, name)), name).toBe(true);
      expect(fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).length).toBeGreaterThan(0);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('closes a directory and database files an earlier version left open', () => {
    const dataDir = path.join(scratch, 'old');
    fs.mkdirSync(path.join(dataDir, 'pg', 'base'), { recursive: true, mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'pg', 'base', '1259'), 'x', { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, 'pg', 'base', '1259'), 0o666);
    prepareDataDir(dataDir);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    closeToOthers(path.join(dataDir, 'pg'));
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
