// A bulk import at the size of a large contractor's first day: 10,000 members across 100 sites on
// PostgreSQL, every one with an e-mail (so an invitation and its e-mail job each), uploaded as a
// CSV through the API, previewed, committed and written by the job queue in this process.
//
// Goals: the preview (upload, read, check, keep its rows) under 10 s; the commit (from the request
// to the import's last row written) under 60 s; the process's memory no more than 200 MB above
// its idle size while both run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import type { ImportSummary } from '@fieldops/shared/imports';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { projects, teams, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { createBusinessFor } from '../apps/server/src/modules/main/onboarding/onboarding.service.ts';
import { multipart } from '../apps/server/src/test/multipart.ts';
import { PRODUCTION_NODE_FLAGS } from '../apps/server/src/test/server-process.ts';
import { withPostgres } from './lib/bench-database.ts';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MEMBERS = 10_000;
const SITES = 100;
const GOALS = { previewMs: 10_000, commitMs: 60_000, memoryAboveIdleMb: 200 };

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const goal = (ok: boolean) => (ok ? 'met' : 'MISSED');
const mb = (bytes: number) => bytes / 1024 / 1024;

const FIRST = ['Sara', 'Omar', 'Huda', 'Khaled', 'سارة', 'عمر', 'هدى', 'خالد', 'Nadia', 'نادية'];
const LAST = ['Ali', 'Hassan', 'Salem', 'Karim', 'علي', 'حسن', 'سالم', 'كريم', 'Saeed', 'سعيد'];

/** The members' file: one row each, with an e-mail, one or two sites by name, and some supervisors. */
function membersCsv(): Buffer {
  const lines = ['Name,Email,Sites,Role,Position,External ID'];
  for (let i = 0; i < MEMBERS; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
    const sites = i % 7 === 0 ? `Site ${i % SITES}; Site ${(i + 1) % SITES}` : `Site ${i % SITES}`;
    lines.push(`${name},member${i}@bench.test,${sites},${i % 25 === 0 ? 'Supervisor' : 'Member'},Cleaner,EMP-${i}`);
  }
  return Buffer.from(lines.join('\n'));
}

/** The largest resident size seen while `work` runs, sampled every 25 ms. */
async function peakDuring<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
  }, 25);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

async function setUp(app: FastifyInstance) {
  const passwordHash = await hashPassword('bench-pass-123');
  const [user] = await app.db
    .insert(users)
    .values({ username: 'importowner', email: 'owner@bench.test', fullName: 'Bench Owner', passwordHash, activated: true })
    .returning();
  const business = await createBusinessFor(app.db, user!.id, { name: 'Bench Contractor' });
  const [project] = await app.db.insert(projects).values({ businessId: business.id, name: 'Malls' }).returning();
  await app.db.insert(teams).values(Array.from({ length: SITES }, (_, i) => ({ businessId: business.id, projectId: project!.id, name: `Site ${i}` })));
  const signedIn = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: user!.username, password: 'bench-pass-123' } });
  const headers = { authorization: `Bearer ${signedIn.json<{ id_token: string }>().id_token}`, 'x-api-key': business.apiKey };
  return headers;
}

async function measure(database: Database) {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const app = await buildApp({ database, jwtSecret: crypto.randomBytes(32), uploadsDir, jobs: { work: true }, webRoot: null });
  await app.ready();
  try {
    const headers = await setUp(app);
    const file = membersCsv();
    const form = multipart({}, [{ field: 'file', filename: 'members.csv', type: 'text/csv', data: file }]);
    global.gc?.();
    const idle = process.memoryUsage().rss;

    const previewStarted = performance.now();
    const previewed = await peakDuring(() =>
      app.inject({ method: 'POST', url: '/api/v1/imports?kind=MEMBERS', payload: form.payload, headers: { ...headers, ...form.headers } }),
    );
    const previewMs = performance.now() - previewStarted;
    if (previewed.result.statusCode !== 201) throw new Error(`the preview answered ${previewed.result.statusCode}: ${previewed.result.body}`);
    const summary = previewed.result.json<ImportSummary>();
    if (summary.readyRows !== MEMBERS) throw new Error(`the preview found ${summary.readyRows} ready rows of ${MEMBERS}`);

    const commitStarted = performance.now();
    const committed = await peakDuring(async () => {
      const res = await app.inject({ method: 'POST', url: `/api/v1/imports/${summary.id}/commit`, payload: { existing: 'SKIP' }, headers });
      if (res.statusCode !== 202) throw new Error(`the commit answered ${res.statusCode}: ${res.body}`);
      for (;;) {
        const now = (await app.inject({ method: 'GET', url: `/api/v1/imports/${summary.id}`, headers })).json<ImportSummary>();
        if (now.status === 'DONE') return now;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
    const commitMs = performance.now() - commitStarted;
    const done = committed.result;
    if (done.outcomes.created !== MEMBERS) throw new Error(`the import created ${done.outcomes.created} of ${MEMBERS}`);
    const aboveIdle = mb(Math.max(previewed.peak, committed.peak) - idle);

    console.log(`${MEMBERS.toLocaleString('en')} members across ${SITES} sites, a ${(file.length / 1024).toFixed(0)} KB CSV, on PostgreSQL; load ${load()}`);
    console.log('| Step | Figure | Goal | |');
    console.log('|---|---|---|---|');
    console.log(
      `| Preview (upload, read, check) | ${(previewMs / 1000).toFixed(1)} s | under ${GOALS.previewMs / 1000} s | ${goal(previewMs < GOALS.previewMs)} |`,
    );
    console.log(
      `| Commit (to the last row written) | ${(commitMs / 1000).toFixed(1)} s (${Math.round(MEMBERS / (commitMs / 1000))} rows/s) | under ${GOALS.commitMs / 1000} s | ${goal(commitMs < GOALS.commitMs)} |`,
    );
    console.log(
      `| Memory above idle (idle ${mb(idle).toFixed(0)} MB; preview peak +${mb(previewed.peak - idle).toFixed(0)}, commit peak +${mb(committed.peak - idle).toFixed(0)}) | ${aboveIdle.toFixed(0)} MB | at most ${GOALS.memoryAboveIdleMb} MB | ${goal(aboveIdle <= GOALS.memoryAboveIdleMb)} |`,
    );
  } finally {
    await app.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
}

const CHILD = 'BENCH_IMPORT_CHILD';

/**
 * Measured in a process of its own started with the server's production flags (`npm run serve`:
 * a small young generation and one V8 thread), so its memory is the memory of a real instance.
 */
export async function run() {
  if (process.env[CHILD]) {
    await withPostgres(POSTGRES_URL, 'bench_import', (database) => measure(database));
    return;
  }
  const flags = [...PRODUCTION_NODE_FLAGS, '--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'run.ts'), 'import'];
  console.log(`node ${PRODUCTION_NODE_FLAGS.join(' ')}`);
  const child = spawn(process.execPath, flags, { env: { ...process.env, [CHILD]: '1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  // The child prints its own heading; the rest is the table.
  child.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk.toString().replace(/^\n?### import\n/, '')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the import benchmark ended with ${code}`);
}
