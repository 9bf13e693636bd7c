// Several instances on one PostgreSQL must share one object store: a second instance that would
// keep its files on its own disk is refused at start, naming S3_BUCKET; once the first has
// stopped it starts. PostgreSQL only (TEST_DATABASE_URL).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from './test/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('instances with files on disk, on one PostgreSQL', () => {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const dirs: string[] = [];
  const running: ServerProcess[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instance-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start a second one, naming S3_BUCKET, and starts it once the first has stopped', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), JWT_SECRET: crypto.randomBytes(32).toString('hex') };

    const first = await startServer({ ...env, DATA_DIR: tempDir() });
    running.push(first);
    const refused = await startServer({ ...env, DATA_DIR: tempDir() }).then(
      (second) => {
        running.push(second);
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(refused).toMatch(/ended \(1\) before answering/);
    expect(refused).toContain('S3_BUCKET');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = await startServer({ ...env, DATA_DIR: tempDir() });
    running.push(second);
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
  }, 90_000);
});
