// Reports read from a PostgreSQL streaming replica (DATABASE_READ_URL) while everything else stays
// on the primary. The test makes both on this machine: a primary cluster of its own (the shared
// test server allows no replication connections) and a hot standby of it made by
// `pg_basebackup -R` into a second data directory on another port. With replay paused on the
// standby, a schedule written to the primary is missing from the report (so the report came from
// the standby); once replay resumes it appears there. Runs with the PostgreSQL suite
// (TEST_DATABASE_URL) where PostgreSQL's server programs are installed.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { MARCH, placeSchedules, REPORT_API, reportBusiness, memberIn, type ReportPlace } from '../modules/workflow/reports/report-test-kit.ts';
import { freePort } from '../test/server-process.ts';
import type { TestApp } from '../test/test-app.ts';
import { openDatabase, rowsOf, type Database } from './client.ts';

function serverPrograms(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    return fs.existsSync(path.join(dir, 'initdb')) ? dir : null;
  } catch {
    return null;
  }
}

const BIN = process.env.TEST_DATABASE_URL ? serverPrograms() : null;
/** PostgreSQL refuses to run as root: the programs then run as the postgres user. */
const asServerUser = process.getuid?.() === 0;

function run(program: string, args: string[]) {
  const file = path.join(BIN as string, program);
  const [command, all] = asServerUser ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(command, all, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

describe.skipIf(!BIN)('reports on a streaming replica (PostgreSQL)', () => {
  let dir: string;
  let primaryPort: number;
  let standbyPort: number;
  let database: Database;
  let app: FastifyInstance;
  let place: ReportPlace;
  const started: string[] = [];
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

  async function sql(port: number, text: string) {
    const client = new pg.Client({ connectionString: url(port) });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replica-'));
    if (asServerUser) execFileSync('chown', ['postgres', dir]);
    fs.chmodSync(dir, 0o700);
    [primaryPort, standbyPort] = [await freePort(), await freePort()];
    const primary = path.join(dir, 'primary');
    const standby = path.join(dir, 'standby');

    run('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync']);
    fs.appendFileSync(
      path.join(primary, 'postgresql.conf'),
      `\nport = ${primaryPort}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nwal_level = replica\nmax_wal_senders = 4\nfsync = off\n`,
    );
    fs.appendFileSync(path.join(primary, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    run('pg_ctl', ['-D', primary, '-l', path.join(dir, 'primary.log'), '-w', 'start']);
    started.push(primary);

    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standby, '-R', '-X', 'stream']);
    fs.appendFileSync(path.join(standby, 'postgresql.conf'), `\nport = ${standbyPort}\nhot_standby = on\n`);
    run('pg_ctl', ['-D', standby, '-l', path.join(dir, 'standby.log'), '-w', 'start']);
    started.push(standby);

    database = await openDatabase({ url: url(primaryPort), readUrls: [url(standbyPort)] });
    app = await buildApp({ database, jwtSecret: crypto.randomBytes(32), uploadsDir: path.join(dir, 'uploads'), webRoot: null });
    await app.ready();
    place = await reportBusiness({ app } as TestApp);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    for (const data of started.reverse()) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const doneInMarch = async () => {
    const res = await place.owner.request({ method: 'GET', url: `${REPORT_API}/business/${place.businessId}/stats?${MARCH}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { schedules: { done: number } }).schedules.done;
  };

  it('is a hot standby of the primary, in recovery, with the app migrated onto it', async () => {
    expect(rowsOf<{ standby: boolean }>({ rows: await sql(standbyPort, 'SELECT pg_is_in_recovery() AS standby') })[0].standby).toBe(true);
    expect(rowsOf<{ standby: boolean }>({ rows: await sql(primaryPort, 'SELECT pg_is_in_recovery() AS standby') })[0].standby).toBe(false);
    // The app migrated the primary after the standby started: the tables arrive by replication.
    const tables = async () => (await sql(standbyPort, "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'action_results'"))[0].n;
    await expect.poll(tables, { timeout: 10_000 }).toBe(1);
  });

  it('serves a report from the standby, and a new schedule appears there once replicated', async () => {
    const member = await memberIn(place);
    await placeSchedules(place, [{ userId: member.userId, at: '2024-03-05T10:00', status: 'done' }]);
    await expect.poll(doneInMarch, { timeout: 10_000 }).toBe(1);

    await sql(standbyPort, 'SELECT pg_wal_replay_pause()');
    try {
      await placeSchedules(place, [{ userId: member.userId, at: '2024-03-06T10:00', status: 'done' }]);
      const onPrimary = await sql(primaryPort, `SELECT count(*)::int AS n FROM schedules WHERE business_id = ${place.businessId} AND status = 'done'`);
      expect(onPrimary[0].n).toBe(2);
      // The report still counts one: it was read from the standby, where replay is paused.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await doneInMarch()).toBe(1);
    } finally {
      await sql(standbyPort, 'SELECT pg_wal_replay_resume()');
    }
    await expect.poll(doneInMarch, { timeout: 10_000 }).toBe(2);
  });

  it('keeps writes and the reads that follow them on the primary', async () => {
    await sql(standbyPort, 'SELECT pg_wal_replay_pause()');
    try {
      const res = await place.owner.request({ method: 'POST', url: '/api/v1/projects', payload: { name: 'Written to the primary' } });
      expect(res.statusCode).toBe(201);
      const project = await place.owner.request({ method: 'GET', url: `/api/v1/projects/${(res.json() as { id: number }).id}` });
      expect(project.statusCode).toBe(200);
    } finally {
      await sql(standbyPort, 'SELECT pg_wal_replay_resume()');
    }
  });
});
