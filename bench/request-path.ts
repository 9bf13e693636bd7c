// The request path: what a database-backed list costs in the app beyond its SQL. Two lists the
// dashboard and the members screen read (tasks, business members) are requested by 16 keep-alive
// clients from the compiled app and from a bare Fastify + pg server (bench/lib/bare-server.ts)
// that runs the very statements the app ran for them, recorded from the app itself. The two are
// measured in alternating rounds, in one run, on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL), with the app's production settings (request logging at info, rate limit
// counting). Printed: requests per second, CPU per request, and the app's share of the bare rate.
// The machine's speed drifts from second to second on a shared host, so the two take turns in
// short rounds, in the order app, bare, bare, app, …, and the share is the median of each round's
// ratio: each ratio compares the two a few seconds apart, never across a slow spell.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { createDiskStorage } from '../apps/server/src/plugins/storage.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemo } from '../apps/server/src/seed/demo.ts';
import { COMPILED_SERVER, freePort, PRODUCTION_NODE_FLAGS, startServer } from '../apps/server/src/test/server-process.ts';
import type { RecordedStatement } from './lib/bare-server.ts';
import { processCpuMs, withPostgres } from './lib/bench-database.ts';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONNECTIONS = 16;
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 2);
const ROUNDS = Number(process.env.ROUNDS ?? 8);
const GOAL_SHARE = 0.7;
const LISTS = {
  tasks: '/services/workflow/api/v1/tasks?page=0&size=20',
  members: '/api/v2/business-members?page=0&size=20',
};
type ListName = keyof typeof LISTS;
/** What is measured: each list as fetched without compression, and the members page as a browser fetches it. */
const CASES: { label: string; list: ListName; acceptEncoding?: string }[] = [
  { label: 'tasks', list: 'tasks' },
  { label: 'members', list: 'members' },
  { label: 'members, br', list: 'members', acceptEncoding: 'gzip, deflate, br' },
];

/** Statements that find the caller (session, membership) are the app's own cost, not the list's. */
const isCallerLookup = (text: string) => /from "sessions"/.test(text) || /"businesses"\."api_key"/.test(text);

/** Runs one request of each list through the app in this process and records what it sent to PostgreSQL. */
async function recordStatements(url: string, uploads: string) {
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const database = await openDatabase({ url });
  const app = await buildApp({ database, jwtSecret: new TextEncoder().encode('bench-secret'), uploadsDir: uploads });
  const login = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: DEMO_USERNAME, password: DEMO_PASSWORD } });
  const token = (login.json() as { id_token: string }).id_token;
  const headers = { authorization: `Bearer ${token}` };
  const recorded: Record<string, RecordedStatement[]> = {};
  const query = pg.Client.prototype.query;
  let current: RecordedStatement[] | null = null;
  // Recording only: the statements still run as they are.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === 'string' ? config : config.text;
    if (current && !isCallerLookup(text)) current.push({ text, values: values ?? (typeof config === 'string' ? undefined : config.values) ?? [] });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    for (const [name, path] of Object.entries(LISTS)) {
      await app.inject({ method: 'GET', url: path, headers }); // warm
      current = [];
      const res = await app.inject({ method: 'GET', url: path, headers });
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
      recorded[name] = current;
      current = null;
    }
  } finally {
    pg.Client.prototype.query = query;
    await app.close();
    await database.close();
  }
  return { recorded, token };
}

/** Requests `path` from CONNECTIONS keep-alive clients for the round's length. */
async function load(port: number, path: string, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const until = Date.now() + ROUND_SECONDS * 1000;
  let done = 0;
  let failed = 0;
  let compressed = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        res.resume();
        if (res.headers['content-encoding']) compressed++;
        res.on('end', () => {
          if (res.statusCode === 200) done++;
          else {
            failed++;
            if (failed === 1) console.error(`${path} answered ${res.statusCode}`);
          }
          resolve();
        });
      });
      req.on('error', () => {
        failed++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) await one();
    }),
  );
  agent.destroy();
  return { done, failed, compressed };
}

async function startBare(url: string, file: string) {
  const port = await freePort();
  // The same Node.js flags as the app (`npm run serve`): what differs between the two is the code.
  const child: ChildProcess = spawn(
    process.execPath,
    [...PRODUCTION_NODE_FLAGS, '--import', 'tsx', path.join(import.meta.dirname, 'lib', 'bare-server.ts'), String(port), url, file],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/list/none`);
      return { port, child };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function run() {
  if (!fs.existsSync(COMPILED_SERVER)) {
    console.log('The compiled server is missing: run `npm run build` first.');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-request-path-'));
  try {
    await withPostgres(POSTGRES_URL, 'bench_request_path', async (database, url) => {
      await seedDemo(database.db, createDiskStorage(path.join(dir, 'uploads')));
      const { recorded } = await recordStatements(url, path.join(dir, 'uploads'));
      const file = path.join(dir, 'statements.json');
      fs.writeFileSync(file, JSON.stringify(recorded));

      let app: Awaited<ReturnType<typeof startServer>> | null = null;
      let bare: Awaited<ReturnType<typeof startBare>> | null = null;
      try {
        app = await startServer(
          { DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'info', RATE_LIMIT_PER_SESSION: '1000000', RATE_LIMIT_PER_ADDRESS: '1000000' },
          60_000,
          { compiled: true },
        );
        const appPort = Number(new URL(app.url).port);
        bare = await startBare(url, file);
        // The app's own log lines go nowhere: they are produced, as in production, and dropped here.
        app.child.stdout?.removeAllListeners('data');
        app.child.stdout?.resume();
        const signIn = await fetch(`${app.url}/api/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD }),
        });
        const headers = { authorization: `Bearer ${((await signIn.json()) as { id_token: string }).id_token}` };

        console.log(
          `${CONNECTIONS} keep-alive clients, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s; load average ${os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
        );
        console.log(
          `statements per request: ${Object.entries(recorded)
            .map(([name, list]) => `${name} ${list.length}`)
            .join(', ')}`,
        );
        console.log('list        | app req/s | bare req/s | app share, median of rounds (goal ≥ 70%) | app CPU/req | bare CPU/req');
        for (const { label, list: name, acceptEncoding } of CASES) {
          const encoding: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
          const rates = { app: [] as number[], bare: [] as number[] };
          const cpu = { app: 0, bare: 0 };
          const count = { app: 0, bare: 0 };
          const ratios: number[] = [];
          for (let round = 0; round < ROUNDS + 1; round++) {
            const done = { app: 0, bare: 0 };
            const order = round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const);
            for (const side of order) {
              const pid = (side === 'app' ? app.child : bare.child).pid!;
              const before = processCpuMs(pid) ?? 0;
              const result = side === 'app' ? await load(appPort, LISTS[name], { ...headers, ...encoding }) : await load(bare.port, `/list/${name}`, encoding);
              if (result.failed > 0) throw new Error(`${side} ${label}: ${result.failed} requests failed`);
              if (result.compressed > 0 !== Boolean(acceptEncoding))
                throw new Error(`${side} ${label}: ${result.compressed} of ${result.done} answers compressed`);
              done[side] = result.done;
              // The first round warms both up and is not counted.
              if (round === 0) continue;
              rates[side].push(result.done / ROUND_SECONDS);
              cpu[side] += (processCpuMs(pid) ?? 0) - before;
              count[side] += result.done;
            }
            if (round > 0) ratios.push(done.app / done.bare);
          }
          const median = (values: number[]) => {
            const sorted = [...values].sort((a, b) => a - b);
            const middle = Math.floor(sorted.length / 2);
            return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
          };
          const share = median(ratios);
          console.log(
            [
              label.padEnd(11),
              median(rates.app).toFixed(0).padStart(9),
              median(rates.bare).toFixed(0).padStart(10),
              `${(share * 100).toFixed(0)}% ${share >= GOAL_SHARE ? 'met' : 'MISSED'}`.padStart(40),
              `${(cpu.app / count.app).toFixed(2)} ms`.padStart(11),
              `${(cpu.bare / count.bare).toFixed(2)} ms`.padStart(12),
            ].join(' | '),
          );
        }
      } finally {
        bare?.child.kill('SIGTERM');
        app?.child.kill('SIGTERM');
        await app?.exited;
      }
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
