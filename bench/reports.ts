// The dashboard and report calls at the scale of a very large business: 20,000 members in 1,000
// sites of 100 projects, 200 tasks and about ten million answers over a year, with the schedules
// behind them (bench/lib/report-data.ts), plus a small second business to skip. Every call goes
// through the real app with an owner's token, for the last month and for a year, and is timed in
// turns with the bare queries that compute the same numbers (the repositories called directly: no HTTP,
// sign-in or validation). Targets on PostgreSQL: p95 at most 100 ms for a month and 300 ms for a
// year, and the app's median within 1.3 times the bare queries'.
//
// PostgreSQL runs on a throw-away database (BENCH_DATABASE_URL, TEST_DATABASE_URL or the local
// server); PGlite in memory, at the earlier scale of a million answers. Settings:
//   BENCH_REPORTS_SCALE=1m         the earlier business: 10,000 members, about 1,000,000 answers;
//   BENCH_REPORTS_PGLITE=skip      PostgreSQL only; =only for PGlite only;
//   BENCH_REPORTS_RUNS=20          timed runs per call;
//   BENCH_REPORTS_KEEP=1           keep the PostgreSQL database (its name is printed) to explore;
//   BENCH_REPORTS_DATABASE=<name>  measure again on a database kept by an earlier run, without generating.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { KPI_KINDS, type KpiKind } from '@fieldops/shared/reports';
import { must } from '@fieldops/shared/must';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.ts';
import { findRanked, kpiSources, ranksOverLastMonth } from '../apps/server/src/modules/workflow/reports/kpi.repository.ts';
import { foldMemberChanges } from '../apps/server/src/modules/workflow/reports/member-fold.ts';
import { scheduleConditions, type ReportScope } from '../apps/server/src/modules/workflow/reports/report-filter.ts';
import { addDays, localDate, type DateRange } from '../apps/server/src/modules/workflow/reports/report-range.ts';
import { answerSource, dailyScheduleSource, dailyScoreSource, scheduleSource, scoreSource } from '../apps/server/src/modules/workflow/reports/report-source.ts';
import {
  countAnswers,
  countByDay,
  countByStatus,
  countOpen,
  countOrganisation,
  countScores,
  countScoresByDay,
  findActionKpis,
  findTagKpis,
} from '../apps/server/src/modules/workflow/reports/reports.repository.ts';
import { processCpuMs, withPostgres } from './lib/bench-database.ts';
import { existingReportBusiness, generateReportBusiness, type ReportData, type ReportDataOptions } from './lib/report-data.ts';

const RUNS = Number(process.env.BENCH_REPORTS_RUNS ?? 20);
const WARM_UP = 2;
const TARGET_MS = { month: 100, year: 300 } as const;
/** The app's median at most this many times the bare queries'. */
const TARGET_RATIO = 1.3;

/** The earlier business: PGlite is measured on this one. */
const ONE_MILLION: ReportDataOptions = { answers: 1_000_000 };
/** The businesses measured: ten times the earlier one by default. */
const SCALES: Record<string, ReportDataOptions> = {
  '10m': { answers: 10_000_000, projects: 100, sitesPerProject: 10, membersPerSite: 20, tasks: 200, plansPerMember: 4, dailyPlanDays: 40 },
  '1m': ONE_MILLION,
};
const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
const API = '/services/workflow/api/v1/report';

interface Timing {
  range: 'month' | 'year';
  call: string;
  median: number;
  p95: number;
  /** Median of the bare queries; null where the call has no query of this module to compare. */
  sqlMedian: number | null;
  /** Median database CPU time of the bare queries on one connection without parallel workers. */
  sqlCpu: number | null;
  rows: string;
  /** A list whose "sql" is only its rank query: the ratio is shown, not held to the goal. */
  rankOnly?: boolean;
}

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};

async function timeOnce(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Times `work`, and `bare` when given, in turns (one run of each, `RUNS` times), so a burst of
 * load on this shared machine falls on both sides of a ratio alike.
 */
async function timeSideBySide(work: () => Promise<unknown>, bare?: () => Promise<unknown>): Promise<{ samples: number[]; bare: number[] | null }> {
  for (let i = 0; i < WARM_UP; i++) {
    await work();
    await bare?.();
  }
  const samples: number[] = [];
  const bareSamples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    samples.push(await timeOnce(work));
    if (bare) bareSamples.push(await timeOnce(bare));
  }
  return { samples, bare: bare ? bareSamples : null };
}

interface Case {
  call: string;
  url: string;
  bare?: (db: Db) => Promise<unknown>;
}

/** Every dashboard and report call for a range, each with the bare queries behind it. */
function casesFor(data: ReportData, range: DateRange): Case[] {
  const scope: ReportScope = { businessId: data.businessId, view: null };
  const dates = `startDate=${range.startDate}&endDate=${range.endDate}`;
  const schedulesIn = scheduleSource(scope, {}, range);
  const page = { page: 0, size: 5 };
  const cases: Case[] = [
    {
      call: 'stats',
      url: `${API}/business/${data.businessId}/stats?${dates}`,
      // One after the other (the call runs them side by side): one connection takes one query at a time.
      bare: async (db) => {
        await countOrganisation(db, data.businessId, null);
        await countByStatus(db, schedulesIn);
        await countScores(db, scoreSource(scope, {}, range));
        await countOpen(db, scheduleConditions(scope, {}, sql`true`), new Date());
        await countAnswers(db, answerSource(scope, {}, range));
      },
    },
  ];
  const orders = [
    ['best', 'rate', 'best=true'],
    ['worst', 'worst', 'best=false'],
    ['load', 'load', 'order=load'],
  ] as const;
  for (const kind of KPI_KINDS) {
    for (const [label, order, query] of orders) {
      cases.push({
        call: `${kind} ${label}`,
        url: `${API}/${kind}/kpi?${dates}&${query}`,
        bare: (db) => findRanked(db, kind as KpiKind, data.businessId, kpiSources(scope, {}, range, kind as KpiKind), order, page),
      });
    }
  }
  cases.push(
    { call: 'member standing', url: `${API}/members/kpi/${data.memberId}?${dates}` },
    { call: 'actions', url: `${API}/actions/kpi?${dates}`, bare: (db) => findActionKpis(db, answerSource(scope, {}, range), page) },
    {
      call: 'actions of a tag',
      url: `${API}/actions/kpi/tag/${data.tagIds[0]}?${dates}`,
      bare: (db) => findActionKpis(db, answerSource(scope, {}, range, { tagId: data.tagIds[0] }), page),
    },
    { call: 'tags', url: `${API}/tags/kpi?${dates}`, bare: (db) => findTagKpis(db, data.businessId, answerSource(scope, {}, range), page) },
    {
      call: 'performance',
      url: `${API}/performance?${dates}`,
      bare: async (db) => {
        await countByDay(db, dailyScheduleSource(scope, {}, range));
        await countScoresByDay(db, dailyScoreSource(scope, {}, range));
      },
    },
    { call: 'latest results', url: `${API}/latest/result?${dates}&page=0&size=20` },
  );
  return cases;
}

/** A connection whose server process's CPU time can be read: the bare queries' cost whatever the machine's load. */
interface CpuTarget {
  db: Db;
  cpuMs(): number | null;
}

async function withCpuConnection<T>(url: string, work: (target: CpuTarget) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Without parallel workers every bit of the work is this process's, so its CPU time is all of it.
    await client.query('set max_parallel_workers_per_gather = 0');
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const local = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(url).hostname);
    const { pid } = must(rows[0], 'pg_backend_pid() answers one row');
    return await work({ db: drizzle(client) as unknown as Db, cpuMs: () => (local ? processCpuMs(pid) : null) });
  } finally {
    await client.end();
  }
}

async function cpuOf(target: CpuTarget, work: (db: Db) => Promise<unknown>): Promise<number | null> {
  await work(target.db);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = target.cpuMs();
    await work(target.db);
    const after = target.cpuMs();
    if (before === null || after === null) return null;
    samples.push(after - before);
  }
  return quantile(samples, 0.5);
}

async function runOn(
  kind: string,
  database: Database,
  shape: ReportDataOptions | 'existing',
  cpu?: (work: (target: CpuTarget) => Promise<void>) => Promise<void>,
): Promise<{ data: ReportData; timings: Timing[] }> {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const app: FastifyInstance = await buildApp({ database, jwtSecret: crypto.randomBytes(64), uploadsDir });
  try {
    await app.ready();
    let data: ReportData;
    if (shape === 'existing') {
      data = await existingReportBusiness(database);
      console.log(
        `[${kind}] measuring the kept business: ${data.counts.answers.toLocaleString('en')} answers, ${data.counts.schedules.toLocaleString('en')} schedules`,
      );
    } else {
      console.log(`[${kind}] generating about ${(shape.answers ?? 0).toLocaleString('en')} answers…`);
      data = await generateReportBusiness(database, { ...shape, log: (line) => console.log(`[${kind}] ${line}`) });
    }
    // The app folds the member rollup's changes as they come (reports/member-fold.ts); the
    // generated year arrives at once, so its fold is timed here before anything is measured.
    const foldStarted = performance.now();
    const folded = await foldMemberChanges(app.db);
    if (folded > 0)
      console.log(`[${kind}]   member rollup: ${folded.toLocaleString('en')} changes folded in ${((performance.now() - foldStarted) / 1000).toFixed(1)} s`);
    // Index-only scans need the visibility map a vacuum writes; a live database has autovacuum for it.
    await app.db.execute(sql`vacuum analyze`);

    const signIn = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: data.ownerUsername, password: data.password } });
    const token = signIn.json<{ id_token: string }>().id_token;
    const headers = { authorization: `Bearer ${token}`, 'x-api-key': data.apiKey };
    const today = localDate(new Date(), data.timeZone);
    const ranges = {
      month: { startDate: addDays(today, -29), endDate: today, timeZone: data.timeZone },
      year: { startDate: addDays(today, -364), endDate: today, timeZone: data.timeZone },
    };
    const timings: Timing[] = [];
    for (const [name, range] of Object.entries(ranges) as ['month' | 'year', DateRange][]) {
      for (const c of casesFor(data, range)) {
        let last = await app.inject({ method: 'GET', url: c.url, headers });
        if (last.statusCode !== 200) throw new Error(`${c.url} answered ${last.statusCode}: ${last.body}`);
        const { samples, bare } = await timeSideBySide(
          async () => {
            last = await app.inject({ method: 'GET', url: c.url, headers });
          },
          c.bare && (() => c.bare!(app.db)),
        );
        let sqlCpu: number | null = null;
        if (c.bare && cpu) await cpu(async (target) => void (sqlCpu = await cpuOf(target, c.bare!)));
        const body = last.json<unknown>();
        timings.push({
          range: name,
          call: c.call,
          median: quantile(samples, 0.5),
          p95: quantile(samples, 0.95),
          sqlMedian: bare ? quantile(bare, 0.5) : null,
          sqlCpu,
          rows: String(last.headers['x-total-count'] ?? (Array.isArray(body) ? body.length : '-')),
        });
      }
    }
    // The lists that now carry a rank, for reference.
    for (const [call, url] of [
      ['projects list (ranked)', '/api/v1/projects?size=50'],
      ['sites list (ranked)', '/api/v1/teams?size=20'],
    ] as const) {
      const { samples, bare } = await timeSideBySide(
        () => app.inject({ method: 'GET', url, headers }),
        () => ranksOverLastMonth(app.db, data.businessId, call.startsWith('projects') ? 'projects' : 'teams', data.projectIds),
      );
      timings.push({
        range: 'month',
        call,
        median: quantile(samples, 0.5),
        p95: quantile(samples, 0.95),
        sqlMedian: bare ? quantile(bare, 0.5) : null,
        sqlCpu: null,
        rows: '-',
        rankOnly: true,
      });
    }
    return { data, timings };
  } finally {
    await app.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
}

const ratioOf = (t: Timing) => (t.sqlMedian === null || t.sqlMedian === 0 ? null : t.median / t.sqlMedian);
const heldToRatio = (t: Timing) => (t.rankOnly ? null : ratioOf(t));

function print(kind: string, timings: Timing[], withTargets: boolean) {
  console.log(`\n${kind}: ${RUNS} runs a call after ${WARM_UP} warm-up calls (ms); "sql" is the bare queries' median,`);
  console.log('"sql cpu" their median database CPU time on one connection without parallel workers (what an idle core would take)');
  console.table(
    timings.map((t) => ({
      range: t.range,
      call: t.call,
      median: t.median.toFixed(1),
      p95: t.p95.toFixed(1),
      sql: t.sqlMedian === null ? '-' : t.sqlMedian.toFixed(1),
      'sql cpu': t.sqlCpu ?? '-',
      rows: t.rows,
      'app/sql': ratioOf(t)?.toFixed(2) ?? '-',
      ...(withTargets ? { 'p95 goal': `${TARGET_MS[t.range]} ${t.p95 <= TARGET_MS[t.range] ? 'met' : 'MISSED'}` } : {}),
      ...(withTargets ? { 'ratio goal': heldToRatio(t) === null ? '-' : `${TARGET_RATIO} ${heldToRatio(t)! <= TARGET_RATIO ? 'met' : 'MISSED'}` } : {}),
    })),
  );
  if (withTargets) {
    const missed = timings.filter((t) => t.p95 > TARGET_MS[t.range]);
    const slow = timings.filter((t) => (heldToRatio(t) ?? 0) > TARGET_RATIO);
    console.log(missed.length === 0 ? `${kind}: every call met its p95 goal.` : `${kind}: ${missed.length} call(s) MISSED the p95 goal.`);
    console.log(
      slow.length === 0
        ? `${kind}: every call within ${TARGET_RATIO}x its bare queries.`
        : `${kind}: ${slow.length} call(s) over ${TARGET_RATIO}x their bare queries.`,
    );
  }
  console.log(
    `(load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores after measuring)`,
  );
}

export async function run() {
  const scale = process.env.BENCH_REPORTS_SCALE ?? '10m';
  const shape = SCALES[scale];
  if (!shape) throw new Error(`BENCH_REPORTS_SCALE is one of ${Object.keys(SCALES).join(', ')}`);
  const existing = process.env.BENCH_REPORTS_DATABASE || undefined;
  if (existing !== undefined && !/^[a-z_][a-z0-9_]*$/.test(existing)) throw new Error('BENCH_REPORTS_DATABASE is a database name');
  const pgliteMode = process.env.BENCH_REPORTS_PGLITE ?? 'yes';
  const all: Record<string, { counts: ReportData['counts']; timings: Timing[] }> = {};

  if (pgliteMode !== 'only') {
    const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_SERVER;
    try {
      const { data, timings } = await withPostgres(
        serverUrl,
        'bench_reports',
        (database, url) => runOn('postgres', database, existing === undefined ? shape : 'existing', (work) => withCpuConnection(url, work)),
        { keep: process.env.BENCH_REPORTS_KEEP === '1', existing },
      );
      all.postgres = { counts: data.counts, timings };
      print('PostgreSQL', timings, true);
    } catch (err) {
      console.log(`\nPostgreSQL skipped (${(err as Error).message}): set BENCH_DATABASE_URL to a server URL.`);
    }
  }
  if (pgliteMode !== 'skip') {
    const pglite = await openDatabase({ pgliteDir: null });
    try {
      const { data, timings } = await runOn('pglite', pglite, ONE_MILLION);
      all.pglite = { counts: data.counts, timings };
      print('PGlite (in memory)', timings, false);
    } finally {
      await pglite.close();
    }
  }
  const out = path.resolve(import.meta.dirname, '.out');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'reports.json'), JSON.stringify({ at: new Date().toISOString(), runs: RUNS, targetsMs: TARGET_MS, ...all }, null, 2));
}
