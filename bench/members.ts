// Member list at the scale of a large business: 10,000 members over 500 sites and 50 projects
// (and a second business of 1,000 members, so scoping by business has something to skip).
// Times GET /api/v2/business-members through the real app on embedded PGlite, and on
// PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server to create a
// throw-away database on.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { must } from '@fieldops/shared/must';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type Database, type Db } from '../apps/server/src/db/client.ts';
import { teams, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { createBusinessFor } from '../apps/server/src/modules/main/onboarding/onboarding.service.ts';
import { withPostgres } from './lib/bench-database.ts';

const MEMBERS = 10_000;
const SITES = 500;
const PROJECTS = 50;
const RUNS = 30;
const WARM_UP = 3;
const PASSWORD = 'bench-pass-1';

const FIRST = [
  'Sara',
  'Omar',
  'Lina',
  'Yousef',
  'Huda',
  'Khaled',
  'Maryam',
  'Ali',
  'Noor',
  'Faisal',
  'Reem',
  'Tariq',
  'Dana',
  'Hassan',
  'Aisha',
  'Majed',
  'هدى',
  'خالد',
  'ليلى',
  'سعيد',
];
const LAST = [
  'Haddad',
  'Mansour',
  'Nasser',
  'Saleh',
  'Karim',
  'Hassan',
  'Aziz',
  'Farouk',
  'Qasim',
  'Rahman',
  'Sabri',
  'Tamimi',
  'Yasin',
  'Zahran',
  'Bakr',
  'عمر',
  'صالح',
  'العتيبي',
  'الحربي',
  'القحطاني',
  'Jaber',
  'Khoury',
  'Mustafa',
  'Najjar',
  'Odeh',
];

const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`);

/** One business: its owner, members, projects, sites and placements, all written set-based. */
export async function seedBusiness(db: Db, prefix: string, members: number, projects: number, sites: number, passwordHash: string) {
  const [inserted] = await db
    .insert(users)
    .values({ username: `${prefix}.owner`, email: `${prefix}.owner@example.com`, fullName: 'Bench Owner', passwordHash, activated: true })
    .returning();
  const owner = must(inserted, 'an insert returns its row');
  const business = await createBusinessFor(db, owner.id, { name: `Bench ${prefix}` });
  const b = business.id;
  await db.execute(sql`
    insert into users (username, email, full_name, password_hash, activated)
    select ${prefix}::text || '.user' || g, ${prefix}::text || '.user' || g || '@example.com',
           (${textArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
           ${passwordHash}, g % 50 <> 0
    from generate_series(1, ${members}) g`);
  await db.execute(sql`
    insert into business_members (business_id, user_id, role, position)
    select ${b}, id, case when row_number() over (order by id) <= 3 then 'ADMIN' else 'MEMBER' end, 'Cleaner'
    from users where username like ${`${prefix}.user%`}`);
  await db.execute(sql`
    insert into projects (business_id, name, website)
    select ${b}, 'Project ' || g, 'https://p' || g || '.example.com' from generate_series(1, ${projects}) g`);
  await db.execute(sql`
    insert into teams (business_id, project_id, name, latitude, longitude, external_id)
    select ${b}, p.id, 'Site ' || g, 24 + (g % 100) / 100.0, 46 + (g % 100) / 100.0, 'S-' || g
    from generate_series(0, ${sites - 1}) g
    join (select id, row_number() over (order by id) - 1 as rn from projects where business_id = ${b}) p on p.rn = g % ${projects}`);
  // Everyone works in one site; every third member in a second one; the first of each site supervises it.
  await db.execute(sql`
    with u as (select user_id as id, row_number() over (order by user_id) - 1 as rn from business_members where business_id = ${b} and role <> 'OWNER'),
         t as (select id, row_number() over (order by id) - 1 as rn from teams where business_id = ${b})
    insert into team_members (business_id, team_id, user_id, authority, position)
    select ${b}::bigint, t.id, u.id, case when u.rn < ${sites} then 'SUPERVISOR' else 'MEMBER' end, 'Guard'
    from u join t on t.rn = u.rn % ${sites}
    union all
    select ${b}::bigint, t.id, u.id, 'MEMBER', 'Guard'
    from u join t on t.rn = (u.rn * 7 + 3) % ${sites}
    where u.rn % 3 = 0`);
  return { owner, business };
}

interface Timing {
  name: string;
  median: number;
  p95: number;
  rows: number;
  total: string;
}

async function time(app: FastifyInstance, token: string, apiKey: string, name: string, url: string): Promise<Timing> {
  const call = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'x-api-key': apiKey } });
  for (let i = 0; i < WARM_UP; i++) await call();
  const samples: number[] = [];
  let last = await call();
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    last = await call();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  if (last.statusCode !== 200) throw new Error(`${url} answered ${last.statusCode}: ${last.body}`);
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)] ?? NaN;
  return { name, median: at(0.5), p95: at(0.95), rows: last.json<unknown[]>().length, total: String(last.headers['x-total-count'] ?? '-') };
}

async function runOn(kind: string, database: Database): Promise<Timing[]> {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const app = await buildApp({ database, jwtSecret: crypto.randomBytes(64), uploadsDir });
  try {
    await app.ready();
    const started = Date.now();
    const passwordHash = await hashPassword(PASSWORD);
    const { owner, business } = await seedBusiness(app.db, 'big', MEMBERS, PROJECTS, SITES, passwordHash);
    await seedBusiness(app.db, 'noise', 1_000, 5, 50, passwordHash);
    await app.db.execute(sql`analyze`);
    console.log(`[${kind}] generated ${MEMBERS} members, ${SITES} sites, ${PROJECTS} projects in ${Date.now() - started} ms`);

    const signIn = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: owner.username, password: PASSWORD } });
    const token = signIn.json<{ id_token: string }>().id_token;
    const [found] = await app.db.select({ id: teams.id }).from(teams).where(eq(teams.businessId, business.id)).orderBy(asc(teams.id)).offset(123).limit(1);
    const site = must(found, `the business has more than 123 of its ${SITES} sites`);
    const base = '/api/v2/business-members';
    const cases: [string, string][] = [
      ['first page', `${base}?page=0&size=20`],
      ['later page (250)', `${base}?page=250&size=20`],
      ['first page by name', `${base}?page=0&size=20&sort=name,asc`],
      ['search "haddad"', `${base}?page=0&size=20&searchKey=haddad`],
      ['filter by site', `${base}?page=0&size=20&teams=${site.id}`],
      // The lists around it on the same data, for reference.
      ['projects with counts (all 50)', '/api/v1/projects'],
      ['sites with counts (all 500)', '/api/v1/teams?size=500'],
      ['members of one site', `/api/v1/teams/${site.id}/members`],
    ];
    const results: Timing[] = [];
    for (const [name, url] of cases) results.push(await time(app, token, business.apiKey, name, url));
    return results;
  } finally {
    await app.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  }
}

function print(kind: string, results: Timing[]) {
  console.log(`\n${kind}: ${RUNS} runs each after ${WARM_UP} warm-up calls, whole request through the app (ms)`);
  console.table(results.map((r) => ({ case: r.name, median: r.median.toFixed(1), p95: r.p95.toFixed(1), rows: r.rows, total: r.total })));
}

export async function run() {
  const all: Record<string, Timing[]> = {};
  const pglite = await openDatabase({ pgliteDir: null });
  try {
    all.pglite = await runOn('pglite', pglite);
  } finally {
    await pglite.close();
  }
  print('PGlite (in memory)', all.pglite);

  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    all.postgres = await withPostgres(pgUrl, 'bench_members', (database) => runOn('postgres', database));
    print('PostgreSQL', all.postgres);
  } else {
    console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server URL.');
  }
  const out = path.resolve(import.meta.dirname, '.out');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'members.json'), JSON.stringify({ at: new Date().toISOString(), ...all }, null, 2));
}
