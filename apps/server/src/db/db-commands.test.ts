// `npm run db:migrate` and `npm run db:seed` (scripts/db.ts) on a new embedded data directory:
// the first migrates, the second adds the demo business once, and a directory in use by another
// process is refused with its owner named.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/db.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-commands-'));

async function db(command: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', SCRIPT, command], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the database commands', () => {
  it('migrate a new embedded database, then seed the demo business once', async () => {
    const migrated = await db('migrate');
    expect(migrated).toMatchObject({ code: 0 });
    expect(migrated.out).toContain('Migrations applied');
    expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);

    const seeded = await db('seed');
    expect(seeded.code).toBe(0);
    expect(seeded.out).toContain('a demo business was created: sign in as "demo"');
    const again = await db('seed');
    expect(again.code).toBe(0);
    expect(again.out).toContain('the database already has users, so no demo business was added');
    // Each command is a process of its own that loads the server's code and opens the database.
  }, 300_000);

  it('refuse a directory another process holds, and an unknown command', async () => {
    const unlock = lockDataDir(dataDir);
    try {
      const refused = await db('migrate');
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/in use|locked|another/i);
    } finally {
      unlock();
    }
    expect(await db('drop')).toMatchObject({ code: 2, out: expect.stringContaining('Usage') });
  }, 120_000);
});
