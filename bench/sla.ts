// The helpdesk at the scale of a busy business: 100,000 tickets over a year (bench/lib/ticket-data.ts)
// in 100 sites of 10 projects, every status, priority and category, with their SLA facts, plus a
// small second business whose tickets are skipped. Measured through the app listening on a port
// (HTTP over loopback, an owner's token):
//   - the ticket board sorted by due time: the board's own requests, the first page of each status
//     column (sort=resolutionDueAt,asc) and the column counters, sent together as the page sends
//     them; goal p95 under 50 ms for the whole page;
//   - the SLA report for a year; goal p95 under 300 ms.
// PostgreSQL only, on a throw-away database (BENCH_DATABASE_URL, TEST_DATABASE_URL or the local
// server). Settings:
//   BENCH_SLA_TICKETS=100000   tickets of the business;
//   BENCH_SLA_BOARD_RUNS=200   board pages timed;  BENCH_SLA_REPORT_RUNS=20  reports timed;
//   BENCH_SLA_KEEP=1           keep the database (its name is printed);
//   BENCH_SLA_DATABASE=<name>  measure again on a kept database, without generating.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { TICKET_STATUSES } from '@fieldops/shared/enums';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { addDays, localDate } from '../apps/server/src/modules/workflow/reports/report-range.ts';
import { withPostgres } from './lib/bench-database.ts';
import { existingReportBusiness, generateReportBusiness, type ReportData } from './lib/report-data.ts';
import { generateTickets } from './lib/ticket-data.ts';

const TICKETS = Number(process.env.BENCH_SLA_TICKETS ?? 100_000);
const BOARD_RUNS = Number(process.env.BENCH_SLA_BOARD_RUNS ?? 200);
const REPORT_RUNS = Number(process.env.BENCH_SLA_REPORT_RUNS ?? 20);
const WARM_UP = 5;
const GOAL_MS = { board: 50, report: 300 } as const;
const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
const PREFIX = 'sla';
const HELPDESK = '/services/helpdesk/api/v1';
/** The board's page size (DEFAULT_PAGE_SIZE) and its order when sorted by due time. */
const BOARD_PAGE = 'page=0&size=20&sort=resolutionDueAt,asc';

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function prepare(database: Database, existing: boolean): Promise<ReportData> {
  if (existing) return existingReportBusiness(database, { prefix: PREFIX });
  const log = (line: string) => console.log(`[sla] ${line}`);
  log('generating the business (10 projects, 100 sites, 500 members)…');
  const data = await generateReportBusiness(database, {
    prefix: PREFIX,
    answers: 20_000,
    projects: 10,
    sitesPerProject: 10,
    membersPerSite: 5,
    tasks: 10,
    log,
  });
  const started = performance.now();
  await generateTickets(database.db, { businessId: data.businessId, creatorId: data.ownerId, count: TICKETS });
  if (data.other) await generateTickets(database.db, { businessId: data.other.businessId, creatorId: data.other.ownerId, count: Math.ceil(TICKETS / 20) });
  await database.db.execute(sql`vacuum analyze tickets`);
  log(
    `${TICKETS.toLocaleString('en')} tickets (and ${Math.ceil(TICKETS / 20).toLocaleString('en')} of the second business) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return data;
}

interface Row {
  measure: string;
  runs: number;
  median: string;
  p95: string;
  goal: string;
  result: string;
}

async function measure(database: Database, existing: boolean): Promise<Row[]> {
  const data = await prepare(database, existing);
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const app = await buildApp({ database, jwtSecret: crypto.randomBytes(64), uploadsDir });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = await fetch(`${address}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: data.ownerUsername, password: data.password }),
    });
    const headers = { authorization: `Bearer ${((await signIn.json()) as { id_token: string }).id_token}`, 'x-api-key': data.apiKey, 'accept-encoding': 'br' };
    const get = async (url: string) => {
      const res = await fetch(`${address}${url}`, { headers });
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    const columns = TICKET_STATUSES.map((status) => `${HELPDESK}/tickets?ticketStatus=${status}&${BOARD_PAGE}`);
    const boardPage = () => Promise.all([...columns.map(get), get(`${HELPDESK}/tickets/counts`)]);
    const today = localDate(new Date(), data.timeZone);
    const reportUrl = `${HELPDESK}/report/sla?startDate=${addDays(today, -364)}&endDate=${today}`;

    const counts = (await get(`${HELPDESK}/tickets/counts`)) as Record<string, number>;
    console.log(
      `[sla] tickets by status: ${Object.entries(counts)
        .map(([s, n]) => `${s} ${n.toLocaleString('en')}`)
        .join(', ')}`,
    );
    const year = (await get(reportUrl)) as { totals: Record<string, unknown>; breachesTotal: number };
    console.log(`[sla] the year's totals: ${JSON.stringify(year.totals)}`);

    for (let i = 0; i < WARM_UP; i++) await boardPage();
    const page: number[] = [];
    const column: number[] = [];
    for (let i = 0; i < BOARD_RUNS; i++) {
      page.push(await timed(boardPage));
      // One column alone as well, in turn: what a single list request costs.
      column.push(await timed(() => get(columns[i % columns.length]!)));
    }
    for (let i = 0; i < 2; i++) await get(reportUrl);
    const report: number[] = [];
    for (let i = 0; i < REPORT_RUNS; i++) report.push(await timed(() => get(reportUrl)));

    const row = (name: string, samples: number[], goal: number | null): Row => {
      const p95 = quantile(samples, 0.95);
      return {
        measure: name,
        runs: samples.length,
        median: quantile(samples, 0.5).toFixed(1),
        p95: p95.toFixed(1),
        goal: goal === null ? '-' : `p95 < ${goal}`,
        result: goal === null ? '-' : p95 < goal ? 'MET' : 'MISSED',
      };
    };
    return [
      row('board page by due time (5 columns + counters)', page, GOAL_MS.board),
      row('one board column by due time', column, null),
      row('SLA report, a year', report, GOAL_MS.report),
    ];
  } finally {
    await app.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
}

export async function run() {
  const existing = process.env.BENCH_SLA_DATABASE || undefined;
  if (existing !== undefined && !/^[a-z_][a-z0-9_]*$/.test(existing)) throw new Error('BENCH_SLA_DATABASE is a database name');
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_SERVER;
  console.log(`(load average ${loadAverage()} on ${os.cpus().length} cores before measuring)`);
  let rows: Row[];
  try {
    rows = await withPostgres(serverUrl, 'bench_sla', (database) => measure(database, existing !== undefined), {
      keep: process.env.BENCH_SLA_KEEP === '1',
      existing,
    });
  } catch (err) {
    console.log(`\nPostgreSQL skipped (${(err as Error).message}): set BENCH_DATABASE_URL to a server URL.`);
    return;
  }
  console.log(`\nPostgreSQL, ${TICKETS.toLocaleString('en')} tickets (ms, through HTTP on loopback):`);
  console.table(rows);
  const missed = rows.filter((r) => r.result === 'MISSED');
  console.log(missed.length === 0 ? 'sla: every goal met.' : `sla: ${missed.length} goal(s) MISSED.`);
  console.log(`(load average ${loadAverage()} on ${os.cpus().length} cores after measuring)`);
  const out = path.resolve(import.meta.dirname, '.out');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(
    path.join(out, 'sla.json'),
    JSON.stringify({ at: new Date().toISOString(), tickets: TICKETS, goalsMs: GOAL_MS, loadAverage: os.loadavg(), rows }, null, 2),
  );
}
