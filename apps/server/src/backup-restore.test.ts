// The backup and restore commands of docs/DEPLOYMENT.md, run for real: data written before the
// backup is read back from the restored copy. The embedded database by archiving its stopped data
// directory; PostgreSQL (TEST_DATABASE_URL) with pg_dump and pg_restore; one instance on PostgreSQL
// with its files on disk by the guide's own steps, read from docs/DEPLOYMENT.md.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { users } from './db/schema.ts';
import { IMAGES, multipart } from './test/factories.ts';
import { startServer } from './test/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const json = { 'content-type': 'application/json' };
const register = (url: string, username: string) =>
  fetch(`${url}/api/v1/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'long-enough-1', fullName: 'Backed Up' }),
  });

const hasTool = (tool: string) => {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(adminUrl)('backing up and restoring the embedded database', () => {
  it('restores a stopped data directory archived with tar, signing in as before', async () => {
    const dataDir = tempDir('backup-src-');
    const server = await startServer({ DATA_DIR: dataDir });
    expect((await register(server.url, 'kept.person')).status).toBe(201);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const archive = path.join(tempDir('backup-'), 'fieldops.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', dataDir, '.']);
    const restored = tempDir('backup-restored-');
    execFileSync('tar', ['-xzf', archive, '-C', restored]);

    const again = await startServer({ DATA_DIR: restored });
    const signIn = await fetch(`${again.url}/api/authenticate`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'kept.person', password: 'long-enough-1' }),
    });
    expect(signIn.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});

describe.skipIf(!adminUrl || !hasTool('pg_dump'))('backing up and restoring PostgreSQL', () => {
  it('restores a pg_dump archive with pg_restore into a new database, reading the data back', async () => {
    const source = `t_${crypto.randomBytes(6).toString('hex')}`;
    const target = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const urlOf = (name: string) => {
      const url = new URL(adminUrl as string);
      url.pathname = `/${name}`;
      return url.toString();
    };
    try {
      await admin.query(`CREATE DATABASE ${source}`);
      const database = await openDatabase({ url: urlOf(source) });
      await database.db.insert(users).values({ username: 'kept.person', email: 'kept@example.com', fullName: 'Backed Up', passwordHash: 'x', activated: true });
      await database.close();

      const archive = path.join(tempDir('pg-backup-'), 'fieldops.dump');
      execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${archive}`, urlOf(source)]);
      await admin.query(`CREATE DATABASE ${target}`);
      execFileSync('pg_restore', ['--no-owner', `--dbname=${urlOf(target)}`, archive]);

      const restored = await openDatabase({ url: urlOf(target) });
      try {
        const [person] = await restored.db.select().from(users).where(eq(users.username, 'kept.person'));
        expect(person).toMatchObject({ fullName: 'Backed Up', email: 'kept@example.com' });
      } finally {
        await restored.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});

/** The first `sh` block after `heading` in docs/DEPLOYMENT.md, as an operator would copy it. */
function guideSteps(heading: string) {
  const guide = fs.readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'docs', 'DEPLOYMENT.md'), 'utf8');
  const section = guide.slice(guide.indexOf(`### ${heading}\n`));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!section.startsWith('###') || !block) throw new Error(`DEPLOYMENT.md has no steps under "${heading}"`);
  return block[1];
}

describe.skipIf(!adminUrl || !hasTool('pg_dump') || !hasTool('createdb'))('backing up and restoring one instance on PostgreSQL with files on disk', () => {
  it("runs the guide's steps as written: the restored pair signs the same people in and serves the same files", async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const source = `t_${crypto.randomBytes(6).toString('hex')}`;
    const target = `t_${crypto.randomBytes(6).toString('hex')}`;
    const urlOf = (name: string) => {
      const url = new URL(adminUrl as string);
      url.pathname = `/${name}`;
      return url.toString();
    };
    try {
      await admin.query(`CREATE DATABASE ${source}`);
      const env = { DATABASE_URL: urlOf(source), DATA_DIR: tempDir('backup-disk-') };
      const server = await startServer(env);
      expect((await register(server.url, 'kept.files')).status).toBe(201);
      const signIn = await fetch(`${server.url}/api/authenticate`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: 'kept.files', password: 'long-enough-1' }),
      });
      const headers = { authorization: `Bearer ${((await signIn.json()) as { id_token: string }).id_token}` };
      const form = multipart({}, [{ field: 'file', filename: 'me.png', type: 'image/png', data: IMAGES.png }]);
      const avatar = await fetch(`${server.url}/api/v1/account/avatar`, { method: 'PUT', headers: { ...headers, ...form.headers }, body: form.payload });
      expect(avatar.status).toBe(200);

      // The guide's block, but for its last line: the test starts the restored instance itself.
      const steps = guideSteps('One instance on PostgreSQL, files on disk');
      const serveLine = /^.*npm run serve.*$/m;
      expect(steps).toMatch(serveLine);
      const pgServer = new URL(adminUrl as string);
      const restoredDir = path.join(tempDir('backup-disk-restored-'), 'data');
      execFileSync('bash', ['-euc', steps.replace(serveLine, '')], {
        cwd: tempDir('backup-disk-files-'),
        env: {
          ...process.env,
          ...env,
          RESTORED_DB: target,
          RESTORED_DATABASE_URL: urlOf(target),
          RESTORED_DATA_DIR: restoredDir,
          PGHOST: pgServer.hostname,
          PGPORT: pgServer.port || '5432',
          PGUSER: decodeURIComponent(pgServer.username),
          PGPASSWORD: decodeURIComponent(pgServer.password),
        },
        stdio: 'pipe',
      });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const restored = await startServer({ DATABASE_URL: urlOf(target), DATA_DIR: restoredDir });
      try {
        // The same token: the secret came back with the database.
        const account = await fetch(`${restored.url}/api/v1/account`, { headers });
        expect(account.status).toBe(200);
        const { avatar: link } = (await account.json()) as { avatar: string };
        const file = await fetch(`${restored.url}${link}`);
        expect(file.status).toBe(200);
        expect(Buffer.from(await file.arrayBuffer()).equals(IMAGES.png)).toBe(true);
      } finally {
        restored.child.kill('SIGTERM');
        await restored.exited;
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
