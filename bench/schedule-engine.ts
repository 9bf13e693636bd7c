// The schedule engine at the scale of a large business: 10,000 members over 500 sites with 3
// plans each (30,000 member plans: daily, weekly, custom and one-off), all generated set-based.
// Times a full engine pass (the horizon of every plan materialised from nothing), a second pass
// (nothing new: the idempotent steady state) and the next day's pass, and prints occurrences
// materialised per second. Runs on PostgreSQL (a throw-away database on BENCH_DATABASE_URL,
// TEST_DATABASE_URL or the local server), with the pass shared over the connections the server
// uses by default (SCHEDULE_ENGINE_CONNECTIONS; BENCH_ENGINE_CONNECTIONS to choose), and on
// embedded PGlite in memory (one connection). On a machine shared with other work the wall clock
// says little, so the CPU time the database spent is printed too (every server process of the
// database's, read from /proc when the server is local; PGlite's is this process's).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { scheduleEngineSettings } from '../apps/server/src/config.ts';
import { runScheduleEngine, type EnginePass } from '../apps/server/src/modules/workflow/schedule-engine/schedule-engine.ts';
import { foldMemberChanges } from '../apps/server/src/modules/workflow/reports/member-fold.ts';
import { processCpuMs, withPostgres } from './lib/bench-database.ts';
import { seedBusiness } from './members.ts';

const MEMBERS = 10_000;
const SITES = 500;
const PROJECTS = 50;
const PLANS_PER_MEMBER = 3;
const TASKS = 30;
const HORIZON_DAYS = 14;
/** Occurrences a second a full pass must reach on PostgreSQL on a 2-core machine. */
const TARGET_PER_SECOND = 20_000;
const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
const DAY = 24 * 60 * 60 * 1000;

/** Tasks and 3 member plans per member in their first site, in three statements. */
export async function seedPlans(db: Db, businessId: number, ownerId: number) {
  await db.execute(sql`
    insert into tasks (business_id, creator_id, name_en, name_ar)
    select ${businessId}, ${ownerId}, 'Round ' || g, 'جولة ' || g from generate_series(1, ${TASKS}) g`);
  // Types by (member + k) % 4: DAILY, WEEKLY on three weekdays, CUSTOM on four weekdays of
  // every month (for every other member MONTHLY: those weekdays in the 1st, 3rd and last weeks),
  // ONCE within the horizon; a third of the daily and weekly plans repeat every 2, and every
  // repeating plan skips two dates in the horizon. Hours and deadlines vary too.
  await db.execute(sql`
    with first_site as (
      select distinct on (user_id) user_id, team_id
      from team_members where business_id = ${businessId} order by user_id, team_id
    ),
    m as (select user_id, team_id, row_number() over (order by user_id) as rn from first_site),
    t as (select id, row_number() over (order by id) - 1 as rn from tasks where business_id = ${businessId})
    insert into execution_plans (
      business_id, task_id, team_id, user_id, schedule_type, start_date, end_date, start_time, end_time,
      deadline_after, deadline_unit, days, months, repeat_every, month_weeks, exception_dates, scheduled_at)
    select ${businessId}, t.id, m.team_id, m.user_id,
      case when (m.rn + k) % 4 = 2 and m.rn % 2 = 0 then 'MONTHLY' else (array['DAILY', 'WEEKLY', 'CUSTOM', 'ONCE'])[1 + (m.rn + k) % 4] end,
      case when (m.rn + k) % 4 = 3 then current_date + (m.rn % 10)::int else current_date - 30 end,
      case when (m.rn + k) % 4 = 3 then null else current_date + 90 end,
      (array['06:00', '08:00', '14:00', '20:00'])[1 + (m.rn / 4 + k) % 4],
      (array['14:00', '16:00', '22:00', '24:00'])[1 + (m.rn / 4 + k) % 4],
      (array[90, 4, 1, 2])[1 + k], (array['MINUTES', 'HOURS', 'DAYS', 'HOURS'])[1 + k],
      case (m.rn + k) % 4 when 1 then '{1,3,5}'::integer[] when 2 then '{0,2,4,6}'::integer[] else '{}'::integer[] end,
      case when (m.rn + k) % 4 = 2 then '{1,2,3,4,5,6,7,8,9,10,11,12}'::integer[] else '{}'::integer[] end,
      case when (m.rn + k) % 4 in (0, 1) and m.rn % 3 = 0 then 2 else 1 end,
      case when (m.rn + k) % 4 = 2 and m.rn % 2 = 0 then '{1,3,-1}'::integer[] else '{}'::integer[] end,
      case when (m.rn + k) % 4 = 3 then '{}'::date[] else array[current_date + 3, current_date + 10] end,
      '2020-01-01T00:00:00Z'::timestamptz
    from m
    cross join generate_series(0, ${PLANS_PER_MEMBER - 1}) k
    join t on t.rn = (m.rn * ${PLANS_PER_MEMBER} + k) % ${TASKS}`);
  await db.execute(sql`analyze`);
}

type Timed = EnginePass & { cpuMs: number | null };

interface Result {
  plans: number;
  first: Timed;
  firstFold: Timed;
  second: Timed;
  nextDay: Timed;
  nextDayFold: Timed;
  perSecond: number;
  /** Occurrences per second of database CPU time, summed over the pass's connections. */
  perCpuSecond: number | null;
  /** The connections the pass was shared over. */
  connections: number;
}

/** Where the passes run, over how many connections, and the CPU milliseconds the database has used so far (null when unknown). */
interface PassTarget {
  db: Db;
  connections: number;
  cpuMs(): Promise<Map<number, number> | null>;
}

/** CPU milliseconds used between two readings of processes' CPU times (a process new since counts from 0). */
function cpuBetween(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

async function runOn(kind: string, database: Database, target: PassTarget): Promise<Result> {
  const db = database.db;
  const started = Date.now();
  const { owner, business } = await seedBusiness(db, 'engine', MEMBERS, PROJECTS, SITES, await hashPassword('bench-pass-1'));
  await seedPlans(db, business.id, owner.id);
  const [{ plans } = { plans: 0 }] = (
    (await db.execute(sql`select count(*)::int as plans from execution_plans where user_id is not null`)) as unknown as {
      rows: { plans: number }[];
    }
  ).rows;
  console.log(`[${kind}] generated ${MEMBERS} members, ${SITES} sites, ${plans} member plans in ${Date.now() - started} ms`);

  /** The work with the database CPU time it took, where the target can tell. */
  const withCpu = async (work: () => Promise<EnginePass>): Promise<Timed> => {
    const before = await target.cpuMs();
    const result = await work();
    const after = await target.cpuMs();
    return { ...result, cpuMs: cpuBetween(before, after) };
  };
  const pass = (now: Date) => withCpu(() => runScheduleEngine(target.db, { now, horizonDays: HORIZON_DAYS, connections: target.connections }));
  // The member rollup's changes are folded by a background job (reports/member-fold.ts), after
  // the pass has committed: timed apart, as the work a pass leaves behind.
  const fold = () =>
    withCpu(async () => {
      const started = performance.now();
      const taken = await foldMemberChanges(target.db);
      return { ran: true, created: taken, missed: 0, ms: Math.round(performance.now() - started) };
    });
  const now = new Date();
  const first = await pass(now);
  const firstFold = await fold();
  const second = await pass(now);
  const nextDay = await pass(new Date(now.getTime() + DAY));
  const nextDayFold = await fold();
  return {
    plans,
    first,
    firstFold,
    second,
    nextDay,
    nextDayFold,
    perSecond: Math.round(first.created / (first.ms / 1000)),
    perCpuSecond: first.cpuMs ? Math.round(first.created / (first.cpuMs / 1000)) : null,
    connections: target.connections,
  };
}

/**
 * The passes on the database's pool, over `connections`; a connection of its own reads which
 * server processes serve the database (itself left out), so their CPU time can be summed.
 */
async function withPassTarget<T>(database: Database, url: string, connections: number, work: (target: PassTarget) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const local = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(url).hostname);
    const cpuMs = async () => {
      if (!local) return null;
      const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      const used = new Map<number, number>();
      for (const { pid } of rows) used.set(pid, processCpuMs(pid) ?? 0);
      return used;
    };
    return await work({ db: database.db, connections, cpuMs });
  } finally {
    await client.end();
  }
}

function print(kind: string, r: Result, target: boolean) {
  console.log(`\n${kind}: ${r.plans} member plans, horizon up to today + ${HORIZON_DAYS} days (occurrences still due)`);
  const row = (pass: string, p: Timed) => ({ pass, created: p.created, 'wall ms': p.ms, 'database cpu ms': p.cpuMs ?? '-' });
  console.table([
    row('full pass (from nothing)', r.first),
    row('  then the member rollup fold (background; created = changes folded)', r.firstFold),
    row('second pass (nothing new)', r.second),
    row('next day', r.nextDay),
    row('  then the member rollup fold', r.nextDayFold),
  ]);
  const verdict = (n: number) => (target ? ` (target ${TARGET_PER_SECOND.toLocaleString('en')}/s: ${n >= TARGET_PER_SECOND ? 'met' : 'MISSED'})` : '');
  console.log(`${kind}: ${r.perSecond.toLocaleString('en')} occurrences materialised per second of wall time${verdict(r.perSecond)}`);
  if (r.perCpuSecond !== null) {
    // Shares of about equal size run side by side: with a free core each, the pass takes its CPU time over the connections.
    const cores = Math.min(r.connections, os.cpus().length);
    const idle = r.perCpuSecond * cores;
    console.log(
      `${kind}: ${r.perCpuSecond.toLocaleString('en')} per second of database CPU time, summed over the connections;` +
        ` on an idle machine with ${cores} free core${cores === 1 ? '' : 's'} about ${idle.toLocaleString('en')}/s${verdict(idle)}`,
    );
  }
  const [load = 0] = os.loadavg();
  if (load > os.cpus().length)
    console.log(`(load average ${load.toFixed(1)} on ${os.cpus().length} cores while measuring: the wall clock includes waiting for the CPU)`);
}

export async function run() {
  const all: Record<string, Result> = {};
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_SERVER;
  try {
    // The pass on one connection and shared as the server shares it, side by side in one run.
    const shared = Number(process.env.BENCH_ENGINE_CONNECTIONS ?? scheduleEngineSettings().connections);
    for (const connections of [...new Set([1, shared])]) {
      const key = connections === 1 ? 'postgres' : `postgres${connections}`;
      all[key] = await withPostgres(serverUrl, 'bench_engine', (database, url) =>
        withPassTarget(database, url, connections, (target) => runOn('postgres', database, target)),
      );
      print(`PostgreSQL, the pass over ${connections} connection${connections === 1 ? '' : 's'}`, all[key], true);
    }
  } catch (err) {
    console.log(`\nPostgreSQL skipped (${(err as Error).message}): set BENCH_DATABASE_URL to a server URL.`);
  }

  const pglite = await openDatabase({ pgliteDir: null });
  try {
    // PGlite runs in this process: its CPU time is the process's.
    const cpuMs = async () => {
      const used = process.cpuUsage();
      return new Map([[process.pid, Math.round((used.user + used.system) / 1000)]]);
    };
    all.pglite = await runOn('pglite', pglite, { db: pglite.db, connections: 1, cpuMs });
  } finally {
    await pglite.close();
  }
  print('PGlite (in memory)', all.pglite, false);

  const out = path.resolve(import.meta.dirname, '.out');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(
    path.join(out, 'schedule-engine.json'),
    JSON.stringify({ at: new Date().toISOString(), targetPerSecond: TARGET_PER_SECOND, ...all }, null, 2),
  );
}
