// Production start: time from launch to a healthy server on an existing data directory, and the
// memory the idle server holds, on the embedded database with the demo business and on
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL). The compiled server (`npm run build`) is
// measured beside the TypeScript one run through tsx, alternating, in one run.
// Idle memory is read twice: 5 s after healthy, while what the start made is still on the heap, and
// 30 s after (compiled only), once V8's memory reducer has collected it, as a server that stays idle
// holds it; the memory goal is judged on the settled figure, and both are printed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COMPILED_SERVER, startServer, type ServerProcess } from '../apps/server/src/test/server-process.ts';
import { withPostgres } from './lib/bench-database.ts';

const RUNS = Number(process.env.START_RUNS ?? 3);
const IDLE_MS = 5_000;
const SETTLED_MS = 30_000;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const GOALS = { startMs: 2_000, embeddedMb: 250, postgresMb: 120 };

/** A figure of /proc/<pid>/status in MiB: VmRSS now, VmHWM the peak. */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM') {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await server.exited;
}

interface Sample {
  startMs: number;
  idleMb: number;
  /** 30 s after healthy (the compiled server only). */
  settledMb: number;
}

async function sample(env: Record<string, string>, compiled: boolean): Promise<Sample> {
  const started = performance.now();
  const server = await startServer(env, 120_000, { compiled });
  const startMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idleMb = memoryMb(server.child.pid!, 'VmRSS');
  if (compiled) await new Promise((resolve) => setTimeout(resolve, SETTLED_MS - IDLE_MS));
  const settledMb = compiled ? memoryMb(server.child.pid!, 'VmRSS') : NaN;
  await stop(server);
  return { startMs, idleMb, settledMb };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

async function compare(label: string, env: Record<string, string>, memoryGoal: number) {
  const runs: Record<'compiled' | 'tsx', Sample[]> = { compiled: [], tsx: [] };
  for (let i = 0; i < RUNS; i++) {
    runs.compiled.push(await sample(env, true));
    runs.tsx.push(await sample(env, false));
  }
  for (const kind of ['compiled', 'tsx'] as const) {
    const start = median(runs[kind].map((s) => s.startMs));
    const idle = median(runs[kind].map((s) => s.idleMb));
    const settled = median(runs[kind].map((s) => s.settledMb));
    const goals =
      kind === 'compiled'
        ? `, settled ${settled.toFixed(0).padStart(4)} MB  goal ≤ ${GOALS.startMs} ms: ${verdict(start <= GOALS.startMs)}; settled ≤ ${memoryGoal} MB: ${verdict(settled <= memoryGoal)}`
        : '';
    console.log(`${label.padEnd(26)} ${kind.padEnd(8)} start to healthy ${start.toFixed(0).padStart(5)} ms   idle ${idle.toFixed(0).padStart(4)} MB${goals}`);
  }
}

export async function run() {
  if (!fs.existsSync(COMPILED_SERVER)) {
    console.log('The compiled server is missing: run `npm run build` first.');
    return;
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; medians of ${RUNS} runs each, idle memory ${IDLE_MS / 1000} s and (settled) ${SETTLED_MS / 1000} s after healthy (whole process, VmRSS)`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  try {
    // The first start creates the database and the demo business; its peak is reported apart.
    const launched = Date.now();
    const first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', DEMO: 'true' }, 180_000, { compiled: true });
    const firstMs = Date.now() - launched;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    console.log(
      `embedded, first start with the demo business: ${firstMs} ms to healthy, peak ${memoryMb(first.child.pid!, 'VmHWM').toFixed(0)} MB, idle ${memoryMb(first.child.pid!, 'VmRSS').toFixed(0)} MB`,
    );
    await stop(first);
    await compare('embedded with demo data', { DATA_DIR: dataDir, DATABASE_URL: '' }, GOALS.embeddedMb);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  await withPostgres(POSTGRES_URL, 'bench_start', async (_database, url) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-pg-'));
    try {
      await compare('PostgreSQL', { DATA_DIR: dir, DATABASE_URL: url }, GOALS.postgresMb);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
