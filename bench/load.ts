// The server under 200 concurrent clients on its embedded database: does the web server stay
// responsive while the database works? The real server process on a demo data directory; each
// client reads lists the dashboard reads, as fast as answers come back, while a probe times
// /api/health (which never touches the database) and sign-ins. Compared side by side in one run:
// connection pool sizes (DATABASE_POOL_SIZE), on the embedded database and, when
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on PostgreSQL.
// `LOAD_SECONDS` (default 15) per configuration.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { must } from '@fieldops/shared/must';
import { createDiskStorage } from '../apps/server/src/plugins/storage.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemo } from '../apps/server/src/seed/demo.ts';
import { startServer, type ServerProcess } from '../apps/server/src/test/server-process.ts';
import { withPostgres } from './lib/bench-database.ts';

const CLIENTS = 200;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
const POOL_SIZES = { embedded: [1, 4, 10], postgres: [4, 10, 20] };
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const GOAL_HEALTH_P99_MS = 200;

const READS = [
  '/services/workflow/api/v1/tasks?page=0&size=20',
  '/api/v2/business-members?page=0&size=20',
  '/services/workflow/api/v1/report/latest/result?page=0&size=20',
  '/api/v1/projects/all/business?page=0&size=20',
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (n: number) => `${Number.isFinite(n) ? n.toFixed(0) : '—'} ms`;

async function signIn(server: ServerProcess) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD }),
  });
  const elapsed = performance.now() - started;
  if (!res.ok) return { ok: false, elapsed, token: '' };
  return { ok: true, elapsed, token: ((await res.json()) as { id_token: string }).id_token };
}

async function measure(server: ServerProcess) {
  const { token } = await signIn(server);
  const account = (await (await fetch(`${server.url}/api/v1/account`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    businessIdentities: { apiKey: string }[];
  };
  const headers = { authorization: `Bearer ${token}`, 'x-api-key': must(account.businessIdentities[0], 'the demo owner has a business').apiKey };
  const until = Date.now() + SECONDS * 1000;
  let reads = 0;
  let failures = 0;
  const clients = Array.from({ length: CLIENTS }, async (_, i) => {
    for (let n = i; Date.now() < until; n++) {
      try {
        const res = await fetch(`${server.url}${READS[n % READS.length]}`, { headers });
        await res.arrayBuffer();
        if (res.ok) reads++;
        else failures++;
      } catch {
        failures++;
      }
    }
  });
  const health: number[] = [];
  const signIns: { ok: boolean; elapsed: number }[] = [];
  const probe = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the clients are all running
    while (Date.now() < until - 200) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/health`).catch(() => null);
      health.push(res?.ok ? performance.now() - started : Infinity);
      if (health.length % 20 === 0) signIns.push(await signIn(server));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await Promise.all([...clients, probe]);
  return { reads, failures, health, signIns };
}

async function compare(label: string, sizes: number[], env: Record<string, string>) {
  for (const size of sizes) {
    const server = await startServer({ ...env, DATABASE_POOL_SIZE: String(size), LOG_LEVEL: 'error' }, 60_000);
    const result = await measure(server);
    server.child.kill('SIGTERM');
    await server.exited;
    const p99 = percentile(result.health, 99);
    const signed = result.signIns.filter((s) => s.ok).length;
    console.log(
      [
        label.padEnd(8),
        `${size}`.padStart(4),
        (result.reads / SECONDS).toFixed(0).padStart(7),
        String(result.failures).padStart(6),
        ms(percentile(result.health, 50)).padStart(10),
        `${ms(p99)} ${p99 <= GOAL_HEALTH_P99_MS ? 'meets' : 'MISSES'} the goal`.padStart(27),
        `${signed}/${result.signIns.length}`.padStart(11),
        ms(
          percentile(
            result.signIns.map((s) => s.elapsed),
            99,
          ),
        ).padStart(11),
      ].join(' | '),
    );
  }
}

export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  try {
    // The first start creates the demo business; the others reuse its data directory.
    (await startServer({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'error' }, 120_000)).child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    console.log(
      `${CLIENTS} clients reading lists for ${SECONDS} s each; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log('database |pool | reads/s | failed | health p50 | health p99 (goal ≤ 200 ms) | sign-ins ok | sign-in p99');
    await compare('embedded', POOL_SIZES.embedded, { DATA_DIR: dataDir });
    if (POSTGRES_URL) {
      await withPostgres(POSTGRES_URL, 'bench_load', async (database, url) => {
        await seedDemo(database.db, createDiskStorage(path.join(dataDir, 'uploads')));
        await compare('postgres', POOL_SIZES.postgres, { DATA_DIR: dataDir, DATABASE_URL: url });
      });
    }
    console.log(
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
