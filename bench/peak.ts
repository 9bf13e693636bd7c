// The shift-start peak: at 06:00 every member of a large business opens the app and answers.
// The real server process (compiled, `npm run build`) on a business made by the report generator
// (lib/report-data.ts) plus a shift task each member has open schedules of, then N signed-in
// members at once, each a client that, after a pause of 0 to 2 × THINK ms, sends one request:
// 70 % reads (their schedules, the schedule KPIs, the business stats, their tickets), 30 % writes
// of which half are answers (a third of those with a photo of PHOTO_KB) and half a new ticket.
// A probe times /api/health meanwhile. Then the same clients send answers only, for the server's
// CPU per answer, and the same answer rows are inserted straight into the database by as many
// connections as the app's pool (the "bare insert": what the database alone takes for them).
// Run on PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or the local server) and on the
// embedded database, at 50, 200 and 500 clients (`--clients 200` or `--clients 50,200`);
// PEAK_SECONDS (default 15) of mixed load and ANSWER_SECONDS (default 5) of answers each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { must } from '@fieldops/shared/must';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.ts';
import { foldMemberChanges } from '../apps/server/src/modules/workflow/reports/member-fold.ts';
import { runScheduleEngine } from '../apps/server/src/modules/workflow/schedule-engine/schedule-engine.ts';
import { COMPILED_SERVER, startServer, type ServerProcess } from '../apps/server/src/test/server-process.ts';
import { processCpuMs, withPostgres } from './lib/bench-database.ts';
import { rowsOf } from './lib/report-business.ts';
import { generateReportBusiness, REPORT_DATA_PASSWORD, REPORT_TIME_ZONE } from './lib/report-data.ts';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const CLIENT_COUNTS = (option('clients') ?? '50,200,500').split(',').map(Number);
const DATABASES = (option('databases') ?? 'postgres,embedded').split(',');
const SECONDS = Number(process.env.PEAK_SECONDS ?? 15);
const ANSWER_SECONDS = Number(process.env.ANSWER_SECONDS ?? 5);
const THINK_MS = Number(process.env.THINK_MS ?? 1000);
const PHOTO_KB = Number(process.env.PHOTO_KB ?? 300);
const MEMBERS_PER_SITE = 32;
/** Every mixed and answers-only phase answers its own schedule, so each sees pending → done. */
const PHASES = CLIENT_COUNTS.length * 2;
const GOALS = { p99Ms: 1000, answerP50Ms: 250, healthP99Ms: 200, goalClients: 200 };

const API = { main: '/api', workflow: '/services/workflow/api', helpdesk: '/services/helpdesk/api' };
/** The shift task's actions: the plain answers go round the first five, the photos to the last. */
const SHIFT_ACTIONS = [
  { type: 'CHECK', required: true, value: 'true' },
  { type: 'YES_NO', required: true, value: '"YES"' },
  { type: 'NUMBER', required: false, value: '7' },
  { type: 'TEXT', required: false, value: '"All in order at the start of the shift."' },
  { type: 'RATING', required: false, value: '4' },
  { type: 'PHOTO', required: true, value: '' },
] as const;

type Kind = 'read' | 'answer' | 'photo' | 'ticket';
const KINDS: Kind[] = ['read', 'answer', 'photo', 'ticket'];

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '—');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const goal = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** A photo as a phone sends one: a PNG by its first bytes, then PHOTO_KB of noise that does not compress. */
const PHOTO = (() => {
  const data = Buffer.alloc(PHOTO_KB * 1024);
  for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  return data;
})();

export interface Shift {
  businessId: number;
  usernames: string[];
  /** Per member (by username): their shift schedules, one a phase, in phase order. */
  schedules: Map<string, number[]>;
  actionIds: number[];
}

/**
 * The shift: a task with the actions above, a group plan in every site with each of its members,
 * and PHASES open schedules per member (started a few minutes ago, deadline in eight hours).
 */
async function seedShift(db: Db, businessId: number, ownerId: number): Promise<Omit<Shift, 'usernames' | 'schedules'> & { members: number }> {
  const [task] = rowsOf<{ id: string }>(
    await db.execute(sql`
    insert into tasks (business_id, name_en, name_ar, description_en, description_ar, geo_restriction_enabled, creator_id)
    values (${businessId}, 'Shift start check', 'فحص بداية الوردية', 'At the start of every shift.', 'في بداية كل وردية.', false, ${ownerId}) returning id`),
  );
  const taskId = Number(must(task, 'an insert returns its row').id);
  const actionIds: number[] = [];
  for (const [order, action] of SHIFT_ACTIONS.entries()) {
    const [row] = rowsOf<{ id: string }>(
      await db.execute(sql`
      insert into actions (business_id, task_id, "order", name_en, name_ar, type, options, required)
      values (${businessId}, ${taskId}, ${order}, ${`Step ${order + 1}`}, ${`خطوة ${order + 1}`}, ${action.type}, '[]'::jsonb, ${action.required}) returning id`),
    );
    actionIds.push(Number(must(row, 'an insert returns its row').id));
  }
  await db.execute(sql`
    insert into execution_plans (business_id, task_id, team_id, schedule_type, start_date, start_time, end_time, deadline_after, deadline_unit, scheduled_at, creator_id)
    select ${businessId}, ${taskId}, t.id, 'ONCE', (now() at time zone ${REPORT_TIME_ZONE})::date, '06:00', '14:00', 8, 'HOURS', now() - interval '1 day', ${ownerId}
    from teams t where t.business_id = ${businessId}`);
  await db.execute(sql`
    insert into execution_plans (business_id, task_id, team_id, user_id, parent_id, schedule_type, start_date, start_time, end_time, deadline_after, deadline_unit, scheduled_at, creator_id)
    select g.business_id, g.task_id, g.team_id, m.user_id, g.id, g.schedule_type, g.start_date, g.start_time, g.end_time, g.deadline_after, g.deadline_unit, g.scheduled_at, g.creator_id
    from execution_plans g join team_members m on m.team_id = g.team_id
    where g.business_id = ${businessId} and g.task_id = ${taskId} and g.user_id is null`);
  await db.execute(sql`
    insert into schedules (business_id, plan_id, group_id, task_id, team_id, user_id, start, "end", deadline, status)
    select p.business_id, p.id, p.group_id, p.task_id, p.team_id, p.user_id,
      now() - make_interval(mins => 10 + k), now() + interval '8 hours', now() + interval '8 hours', 'pending'
    from execution_plans p cross join generate_series(0, ${PHASES - 1}) k
    where p.business_id = ${businessId} and p.task_id = ${taskId} and p.user_id is not null`);
  await db.execute(sql`analyze`);
  const [{ n } = { n: 0 }] = rowsOf<{ n: string }>(
    await db.execute(sql`select count(*) as n from execution_plans where task_id = ${taskId} and user_id is not null`),
  );
  return { businessId, actionIds, members: Number(n) };
}

async function readShift(db: Db, businessId: number, actionIds: number[]): Promise<Shift> {
  const rows = rowsOf<{ username: string; id: string }>(
    await db.execute(sql`
    select u.username, s.id from schedules s join users u on u.id = s.user_id join business_members bm on bm.user_id = u.id and bm.business_id = s.business_id
    where s.business_id = ${businessId} and s.task_id = (select task_id from actions where id = ${must(actionIds[0], 'the shift has actions')})
      and bm.role = 'MEMBER'
    order by u.id, s.start desc`),
  );
  const schedules = new Map<string, number[]>();
  for (const row of rows) schedules.set(row.username, [...(schedules.get(row.username) ?? []), Number(row.id)]);
  return { businessId, actionIds, usernames: [...schedules.keys()], schedules };
}

/** Generates the business and the shift on a database, once for all client counts. */
export async function seed(database: Database): Promise<Shift> {
  const started = Date.now();
  const data = await generateReportBusiness(database, {
    answers: 30_000,
    membersPerSite: MEMBERS_PER_SITE,
    days: 60,
    prefix: 'peak',
    secondBusiness: false,
    log: () => {},
  });
  const shift = await seedShift(database.db, data.businessId, data.ownerId);
  // The engine has run before the shift starts: its passes during the peak find nothing new.
  const pass = await runScheduleEngine(database.db, { now: new Date(), horizonDays: 14 });
  await foldMemberChanges(database.db);
  await database.db.execute(sql`vacuum analyze`);
  console.log(
    `[${database.kind}] seeded ${data.counts.members} members in ${data.counts.sites} sites, ${data.counts.schedules} schedules, ${data.counts.answers} answers, a shift of ${shift.members} members × ${PHASES} schedules, ${pass.created} schedules of the next days, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return readShift(database.db, data.businessId, shift.actionIds);
}

interface Client {
  username: string;
  headers: Record<string, string>;
  schedules: number[];
}

/** Signs in `count` members (a few at a time: each sign-in hashes a password). */
async function signIn(server: ServerProcess, shift: Shift, count: number, signedIn: Map<string, Client>): Promise<Client[]> {
  const wanted = shift.usernames.slice(0, Math.min(count, shift.usernames.length)).filter((u) => !signedIn.has(u));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < wanted.length) {
        const username = wanted[next++]!;
        let res: Response;
        // A server that has just started may be busy for a moment (503): the member tries again.
        for (let attempt = 0; ; attempt++) {
          res = await fetch(`${server.url}${API.main}/authenticate`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, password: REPORT_DATA_PASSWORD }),
          });
          if (res.status !== 503 || attempt === 10) break;
          await new Promise((resolve) => setTimeout(resolve, 2000));
        }
        if (!res.ok) throw new Error(`sign-in of ${username} answered ${res.status}: ${await res.text()}`);
        const token = ((await res.json()) as { id_token: string }).id_token;
        const account = (await (await fetch(`${server.url}${API.main}/v1/account`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          businessIdentities: { apiKey: string }[];
        };
        const apiKey = must(account.businessIdentities[0], 'a member has a business').apiKey;
        signedIn.set(username, { username, headers: { authorization: `Bearer ${token}`, 'x-api-key': apiKey }, schedules: shift.schedules.get(username)! });
      }
    }),
  );
  const members = shift.usernames.map((u) => signedIn.get(u)).filter((c): c is Client => c !== undefined);
  // More clients than members: some members are signed in on two devices.
  return Array.from({ length: count }, (_, i) => members[i % members.length]!);
}

interface PhaseResult {
  latency: Record<Kind, number[]>;
  errors: Record<Kind, number>;
  firstError: Record<string, string>;
  health: number[];
  healthErrors: number;
  cpuMs: number | null;
  databaseCpuMs: number | null;
  seconds: number;
}

/** One request of a kind, timed; null when it failed (the first failure of each kind is kept). */
async function send(server: ServerProcess, shift: Shift, client: Client, kind: Kind, n: number, phase: number): Promise<{ ok: boolean; error?: string }> {
  const schedule = must(client.schedules[phase], 'a schedule for every phase');
  let res: Response;
  if (kind === 'read') {
    const reads = [
      `${API.workflow}/schedules/user-schedules?page=0&size=20`,
      `${API.workflow}/schedules/kpis`,
      `${API.workflow}/v1/report/business/${shift.businessId}/stats`,
      `${API.helpdesk}/v1/tickets?page=0&size=20`,
    ];
    res = await fetch(`${server.url}${reads[n % reads.length]}`, { headers: client.headers });
  } else if (kind === 'ticket') {
    res = await fetch(`${server.url}${API.helpdesk}/v1/tickets`, {
      method: 'POST',
      headers: { ...client.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Supplies short at the start of the shift', description: `Round ${n}: the storeroom is short of gloves.` }),
    });
  } else {
    const form = new FormData();
    form.set('scheduleId', String(schedule));
    if (kind === 'photo') {
      form.set('actionId', String(shift.actionIds[SHIFT_ACTIONS.length - 1]));
      form.set('file', new Blob([PHOTO], { type: 'image/png' }), 'photo.png');
    } else {
      const index = n % (SHIFT_ACTIONS.length - 1);
      form.set('actionId', String(shift.actionIds[index]));
      form.set('value', SHIFT_ACTIONS[index]!.value);
    }
    res = await fetch(`${server.url}${API.workflow}/v1/action-results`, { method: 'POST', headers: client.headers, body: form });
  }
  const body = await res.text();
  return res.ok ? { ok: true } : { ok: false, error: `${res.status} ${body.slice(0, 200)}` };
}

/** Pid → CPU ms of the PostgreSQL backends serving `database` (local server only). */
async function backendCpu(admin: pg.Client | null, database: string) {
  if (!admin) return null;
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
  return new Map(rows.map((r) => [r.pid, processCpuMs(r.pid) ?? 0]));
}

async function phase(
  server: ServerProcess,
  shift: Shift,
  clients: Client[],
  seconds: number,
  phaseIndex: number,
  pick: () => Kind,
  pg: { admin: pg.Client | null; database: string },
): Promise<PhaseResult> {
  const latency = { read: [], answer: [], photo: [], ticket: [] } as Record<Kind, number[]>;
  const errors = { read: 0, answer: 0, photo: 0, ticket: 0 } as Record<Kind, number>;
  const firstError: Record<string, string> = {};
  const pid = must(server.child.pid, 'the server runs');
  const cpuBefore = processCpuMs(pid);
  const dbBefore = await backendCpu(pg.admin, pg.database);
  const started = Date.now();
  const until = started + seconds * 1000;
  const work = clients.map(async (client, i) => {
    // Not all at the same instant: each opens the app within the first THINK ms.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * THINK_MS));
    for (let n = i; Date.now() < until; n++) {
      const kind = pick();
      const t = performance.now();
      const outcome = await send(server, shift, client, kind, n, phaseIndex).catch((err: Error) => ({ ok: false, error: err.message }));
      if (outcome.ok) latency[kind].push(performance.now() - t);
      else {
        errors[kind]++;
        firstError[kind] ??= outcome.error ?? '';
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * THINK_MS));
    }
  });
  const health: number[] = [];
  let healthErrors = 0;
  const probe = (async () => {
    while (Date.now() < until) {
      const t = performance.now();
      const res = await fetch(`${server.url}${API.main}/health`).catch(() => null);
      if (res?.ok) health.push(performance.now() - t);
      else healthErrors++;
      await res?.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.all([...work, probe]);
  const elapsed = (Date.now() - started) / 1000;
  const cpuAfter = processCpuMs(pid);
  const dbAfter = await backendCpu(pg.admin, pg.database);
  let databaseCpuMs: number | null = null;
  if (dbBefore && dbAfter) {
    databaseCpuMs = 0;
    for (const [backend, cpu] of dbAfter) databaseCpuMs += cpu - (dbBefore.get(backend) ?? 0);
  }
  return {
    latency,
    errors,
    firstError,
    health,
    healthErrors,
    cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    databaseCpuMs,
    seconds: elapsed,
  };
}

/** The mix of the peak: 70 % reads, 15 % answers (a third with a photo), 15 % new tickets. */
function mixed(): Kind {
  const r = Math.random();
  if (r < 0.7) return 'read';
  if (r < 0.8) return 'answer';
  if (r < 0.85) return 'photo';
  return 'ticket';
}
/** Answers only, a third with a photo. */
const answersOnly = (): Kind => (Math.random() < 1 / 3 ? 'photo' : 'answer');

interface AnswerRow {
  business_id: string;
  schedule_id: string;
  action_id: string;
  task_id: string;
  team_id: string;
  user_id: string;
  value: unknown;
  file_key: string | null;
}

/**
 * The answers stored since `afterId`, inserted again straight into the database, one statement a
 * row as the app writes them, by `connections` connections at once: the database's own time for
 * the same rows (its triggers included).
 */
async function bareInsert(connection: pg.PoolConfig, afterId: number, connections: number) {
  const pool = new pg.Pool({ ...connection, max: connections });
  try {
    const { rows } = await pool.query<AnswerRow>(
      'select business_id, schedule_id, action_id, task_id, team_id, user_id, value, file_key from action_results where id > $1 order by id',
      [afterId],
    );
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < rows.length) {
          const row = rows[next++]!;
          const t = performance.now();
          await pool.query(
            'insert into action_results (business_id, schedule_id, action_id, task_id, team_id, user_id, value, file_key) values ($1, $2, $3, $4, $5, $6, $7, $8)',
            [row.business_id, row.schedule_id, row.action_id, row.task_id, row.team_id, row.user_id, JSON.stringify(row.value), row.file_key],
          );
          times.push(performance.now() - t);
        }
      }),
    );
    return { rows: rows.length, perSecond: rows.length / ((performance.now() - started) / 1000), p50: percentile(times, 50), p99: percentile(times, 99) };
  } finally {
    await pool.end();
  }
}

const maxAnswerId = async (connection: pg.ClientConfig) => {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    return Number((await client.query<{ id: string | null }>('select max(id) as id from action_results')).rows[0]?.id ?? 0);
  } finally {
    await client.end();
  }
};

interface Row {
  database: string;
  clients: number;
  mixed: PhaseResult;
  answers: PhaseResult;
  bare: Awaited<ReturnType<typeof bareInsert>> | null;
  load: string;
}

function print(rows: Row[]) {
  console.log(
    `\nmixed load: ${SECONDS} s, each client pausing 0–${(2 * THINK_MS) / 1000} s between requests; answers only: ${ANSWER_SECONDS} s; photos ${PHOTO_KB} KB`,
  );
  console.log(
    [
      'database',
      'clients',
      'req/s',
      'errors (goal 0)',
      'all p99 (goal ≤ 1 s at 200, PostgreSQL)',
      'read p50/p99',
      'answer p50 (goal ≤ 250 ms at 200, PostgreSQL)',
      'answer p99',
      'photo p50/p99',
      'ticket p50/p99',
      'health p99 (goal ≤ 200 ms)',
      'load avg',
    ].join(' | '),
  );
  for (const { database, clients, mixed: m, load: l } of rows) {
    const all = KINDS.flatMap((k) => m.latency[k]);
    const errors = KINDS.reduce((sum, k) => sum + m.errors[k], 0) + m.healthErrors;
    const p99 = percentile(all, 99);
    const answerP50 = percentile(m.latency.answer, 50);
    const judged = database === 'postgres' && clients === GOALS.goalClients;
    const healthP99 = percentile(m.health, 99);
    console.log(
      [
        database.padEnd(8),
        String(clients).padStart(7),
        (all.length / m.seconds).toFixed(0).padStart(5),
        `${errors} ${goal(errors === 0)}`.padStart(15),
        `${ms(p99)}${judged ? ` ${goal(p99 <= GOALS.p99Ms)}` : ''}`.padStart(39),
        `${ms(percentile(m.latency.read, 50))}/${ms(percentile(m.latency.read, 99))}`.padStart(12),
        `${ms(answerP50)}${judged ? ` ${goal(answerP50 <= GOALS.answerP50Ms)}` : ''}`.padStart(45),
        ms(percentile(m.latency.answer, 99)).padStart(10),
        `${ms(percentile(m.latency.photo, 50))}/${ms(percentile(m.latency.photo, 99))}`.padStart(13),
        `${ms(percentile(m.latency.ticket, 50))}/${ms(percentile(m.latency.ticket, 99))}`.padStart(14),
        `${ms(healthP99)} ${goal(healthP99 <= GOALS.healthP99Ms)}`.padStart(26),
        l,
      ].join(' | '),
    );
    for (const [kind, error] of Object.entries(m.firstError)) console.log(`    first ${kind} error: ${error}`);
  }
  console.log('\nanswers only (a third with a photo), the same clients; beside them the same rows inserted straight into the database');
  console.log(
    'database | clients | answers/s | errors | answer p50/p99 | photo p50/p99 | app CPU/answer | database CPU/answer | bare insert rows/s | bare p50/p99 | health p99',
  );
  for (const { database, clients, answers: a, bare } of rows) {
    const done = a.latency.answer.length + a.latency.photo.length;
    const errors = a.errors.answer + a.errors.photo + a.healthErrors;
    console.log(
      [
        database.padEnd(8),
        String(clients).padStart(7),
        (done / a.seconds).toFixed(0).padStart(9),
        `${errors}`.padStart(6),
        `${ms(percentile(a.latency.answer, 50))}/${ms(percentile(a.latency.answer, 99))}`.padStart(14),
        `${ms(percentile(a.latency.photo, 50))}/${ms(percentile(a.latency.photo, 99))}`.padStart(13),
        (a.cpuMs === null || done === 0 ? '—' : `${(a.cpuMs / done).toFixed(1)} ms`).padStart(14),
        (a.databaseCpuMs === null || done === 0 ? (database === 'embedded' ? 'in app' : '—') : `${(a.databaseCpuMs / done).toFixed(1)} ms`).padStart(19),
        (bare ? bare.perSecond.toFixed(0) : '—').padStart(18),
        (bare ? `${ms(bare.p50)}/${ms(bare.p99)}` : '—').padStart(12),
        ms(percentile(a.health, 99)).padStart(10),
      ].join(' | '),
    );
    for (const [kind, error] of Object.entries(a.firstError)) console.log(`    first ${kind} error: ${error}`);
  }
}

/** Runs every client count on one server; `bare` reaches its database for the bare inserts. */
async function measure(
  label: string,
  env: Record<string, string>,
  shift: Shift,
  bare: { connection: pg.PoolConfig; poolSize: number },
  pgInfo: { admin: pg.Client | null; database: string },
): Promise<Row[]> {
  const rows: Row[] = [];
  const server = await startServer(env, 180_000, { compiled: true });
  const signedIn = new Map<string, Client>();
  try {
    for (const [i, count] of CLIENT_COUNTS.entries()) {
      const clients = await signIn(server, shift, count, signedIn);
      const mixedResult = await phase(server, shift, clients, SECONDS, i * 2, mixed, pgInfo);
      const loadNow = load();
      const answerStart = await maxAnswerId(bare.connection);
      const answersResult = await phase(server, shift, clients, ANSWER_SECONDS, i * 2 + 1, answersOnly, pgInfo);
      const bareResult = await bareInsert(bare.connection, answerStart, bare.poolSize);
      rows.push({ database: label, clients: count, mixed: mixedResult, answers: answersResult, bare: bareResult, load: loadNow });
      console.log(`[${label}] ${count} clients done; load average ${load()}`);
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  return rows;
}

export async function run() {
  if (!fs.existsSync(COMPILED_SERVER)) {
    console.log('The compiled server is missing: run `npm run build` first.');
    return;
  }
  console.log(`clients ${CLIENT_COUNTS.join(', ')}; load average ${load()} on ${os.cpus().length} cores`);
  const rows: Row[] = [];
  const common = { LOG_LEVEL: 'warn', SCHEDULE_ENGINE_INTERVAL_MS: '60000' };

  const postgresRows: Row[] = [];
  if (DATABASES.includes('postgres')) {
    await withPostgres(POSTGRES_URL, 'bench_peak', async (database, url) => {
      const shift = await seed(database);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-peak-pg-'));
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const local = ['127.0.0.1', 'localhost', '::1'].includes(new URL(url).hostname);
      try {
        const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10);
        postgresRows.push(
          ...(await measure(
            'postgres',
            { ...common, DATA_DIR: dir, DATABASE_URL: url },
            shift,
            { connection: { connectionString: url }, poolSize },
            { admin: local ? admin : null, database: new URL(url).pathname.slice(1) },
          )),
        );
      } finally {
        await admin.end();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
    print(postgresRows);
    rows.push(...postgresRows);
  }

  if (DATABASES.includes('embedded')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-peak-'));
    try {
      const database = await openDatabase({ pgliteDir: path.join(dir, 'pg') });
      let shift: Shift;
      try {
        shift = await seed(database);
      } finally {
        await database.close();
      }
      // The server's embedded database listens on a socket beside its data (db/embedded.ts): the
      // bare inserts go through it while the server idles.
      const connection = { host: path.join(dir, 'run'), port: 5432, user: 'postgres', database: 'postgres' };
      rows.push(
        ...(await measure(
          'embedded',
          { ...common, DATA_DIR: dir, DATABASE_URL: '' },
          shift,
          { connection, poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 4) },
          { admin: null, database: '' },
        )),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (DATABASES.includes('embedded')) print(rows.filter((row) => row.database === 'embedded'));
  console.log(`load average after: ${load()}`);
}
