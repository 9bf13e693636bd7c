// A large business for the report benchmarks: projects, sites with positions, members placed in
// sites, tasks with actions and tags, execution plans, a year of schedules up to today, about
// a million answers (ten million with the bench's larger shape) and the scores of half the tasks,
// plus a small second business so scoping by business has something to skip.
// Everything is written set-based (INSERT … SELECT over generate_series), so it runs in minutes
// on PostgreSQL and on PGlite alike. Randomness comes from hashint8 over stable keys, so the
// same options on the same day give the same data.
import { sql, type SQL } from 'drizzle-orm';
import { must } from '@fieldops/shared/must';
import type { Database, Db } from '../../apps/server/src/db/client.ts';
import { hashPassword } from '../../apps/server/src/lib/password.ts';
import { createBusinessFor } from '../../apps/server/src/modules/main/onboarding/onboarding.service.ts';
import { describeBusiness, rowsOf, type GeneratedBusiness } from './report-business.ts';

export type { GeneratedBusiness } from './report-business.ts';

export interface ReportDataOptions {
  /** About how many answers the large business gets (default 1,000,000); the rest scales with it. */
  answers?: number;
  projects?: number;
  sitesPerProject?: number;
  membersPerSite?: number;
  tasks?: number;
  /** How many of a site's four group plans each member is in (default 1: a quarter of the site each). */
  plansPerMember?: number;
  /** Days the daily plan has run up to today (default about 24). */
  dailyPlanDays?: number;
  /** Days of history up to today (default 365). */
  days?: number;
  now?: Date;
  /** Usernames are `<prefix>.owner`, `<prefix>.user<n>`; the second business uses `<prefix>2`. */
  prefix?: string;
  password?: string;
  /** Also make the small second business (default true). */
  secondBusiness?: boolean;
  log?: (line: string) => void;
}

export interface ReportData extends GeneratedBusiness {
  password: string;
  other: GeneratedBusiness | null;
  /** Milliseconds per phase. */
  timings: Record<string, number>;
}

export const REPORT_DATA_PASSWORD = 'report-bench-1';
export const REPORT_TIME_ZONE = 'Asia/Riyadh';
const DEFAULT_ANSWERS = 1_000_000;
/** Group plans per site; a site's members are split between them. */
const PLANS_PER_SITE = 4;

interface Shape {
  prefix: string;
  name: string;
  timeZone: string;
  projects: number;
  sitesPerProject: number;
  membersPerSite: number;
  tasks: number;
  plansPerMember: number;
  dailyPlanDays: number;
  days: number;
  today: string;
  now: Date;
}

/** A stable number in [0, 1) for a key and a salt. */
const rnd = (salt: number, key: SQL) => sql`((hashint8((${key})::bigint * 7919 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

/**
 * How likely a member is to finish a schedule: a business-wide 0.77, moved by the member, the site
 * and the project, so best and worst lists differ at every level.
 */
const diligence = (user: SQL, team: SQL, project: SQL) =>
  sql`least(0.98, greatest(0.3, 0.77 + (${rnd(11, user)} - 0.5) * 0.36 + (${rnd(12, team)} - 0.5) * 0.24 + (${rnd(13, project)} - 0.5) * 0.16))`;

/** One key per occurrence: a plan has at most one schedule starting in a given minute. */
const occurrenceKey = (plan: SQL, start: SQL) => sql`(${plan}::bigint * 1000003 + (extract(epoch from ${start})::bigint / 60))`;

const TASK_NAMES: [string, string][] = [
  ['Daily cleaning round', 'جولة التنظيف اليومية'],
  ['Restroom hygiene check', 'فحص نظافة دورات المياه'],
  ['Security patrol', 'دورية أمنية'],
  ['Fire safety inspection', 'فحص السلامة من الحرائق'],
  ['Vehicle check', 'فحص المركبة'],
  ['Shelf audit', 'تدقيق الرفوف'],
  ['Waste collection', 'جمع النفايات'],
  ['Equipment maintenance', 'صيانة المعدات'],
  ['Parking lot walk', 'جولة المواقف'],
  ['Lobby reception check', 'فحص الاستقبال'],
];
const ACTION_NAMES: [string, string][] = [
  ['Check the entrance', 'افحص المدخل'],
  ['Are the lights working?', 'هل الإنارة تعمل؟'],
  ['Condition of the floor', 'حالة الأرضية'],
  ['Supplies restocked', 'تمت إعادة تعبئة المستلزمات'],
  ['Rate the cleanliness', 'قيّم النظافة'],
  ['Count the visitors', 'عدد الزوار'],
  ['Notes on the area', 'ملاحظات عن المنطقة'],
  ['Last service date', 'تاريخ آخر صيانة'],
];
/** Mixed types; photo and voice answers need stored files, so the generator leaves them out. */
const TYPES = ['CHECK', 'YES_NO', 'SINGLE_CHOICE', 'RATING', 'NUMBER', 'MULTIPLE_CHOICE', 'TEXT', 'DATE'] as const;
const OPTIONS = [
  { labelEn: 'Good', labelAr: 'جيد' },
  { labelEn: 'Fair', labelAr: 'مقبول' },
  { labelEn: 'Poor', labelAr: 'سيئ' },
];
const TEXTS = ['All in order, nothing to report.', 'Checked twice, looks fine.', 'كل شيء على ما يرام.', 'Area busy today, took a little longer.'];
const FIRST = ['Sara', 'Omar', 'Lina', 'Yousef', 'Huda', 'Khaled', 'Maryam', 'Ali', 'Noor', 'Faisal', 'Reem', 'Tariq', 'هدى', 'خالد', 'ليلى', 'سعيد'];
const LAST = ['Haddad', 'Mansour', 'Nasser', 'Saleh', 'Karim', 'Aziz', 'Farouk', 'Qasim', 'العتيبي', 'الحربي', 'القحطاني', 'Najjar', 'Odeh'];

const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`);

function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export async function generateReportBusiness(database: Database, options: ReportDataOptions = {}): Promise<ReportData> {
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? new Date();
  const scale = (options.answers ?? DEFAULT_ANSWERS) / DEFAULT_ANSWERS;
  const projects = options.projects ?? Math.max(1, Math.round(50 * scale));
  const sitesPerProject = options.sitesPerProject ?? Math.max(1, Math.min(10, Math.round((500 * scale) / projects)));
  const prefix = options.prefix ?? 'report';
  const password = options.password ?? REPORT_DATA_PASSWORD;
  const days = options.days ?? 365;
  const timings: Record<string, number> = {};
  const started = Date.now();

  const passwordHash = await hashPassword(password);
  const big = await generateBusiness(
    database.db,
    {
      prefix,
      name: 'Report Bench Co',
      timeZone: REPORT_TIME_ZONE,
      projects,
      sitesPerProject,
      membersPerSite: options.membersPerSite ?? 20,
      tasks: options.tasks ?? Math.min(200, Math.max(4, Math.round(200 * scale))),
      plansPerMember: options.plansPerMember ?? 1,
      dailyPlanDays: options.dailyPlanDays ?? 24,
      days,
      now,
      today: localDate(now, REPORT_TIME_ZONE),
    },
    passwordHash,
    (phase, ms) => {
      timings[phase] = ms;
      log(`  ${phase}: ${(ms / 1000).toFixed(1)} s`);
    },
  );
  let other: GeneratedBusiness | null = null;
  if (options.secondBusiness ?? true) {
    const t = Date.now();
    const zone = 'Europe/London';
    other = await generateBusiness(
      database.db,
      {
        prefix: `${prefix}2`,
        name: 'Other Bench Co',
        timeZone: zone,
        projects: 1,
        sitesPerProject: 2,
        membersPerSite: 8,
        tasks: 4,
        plansPerMember: 1,
        dailyPlanDays: 24,
        days,
        now,
        today: localDate(now, zone),
      },
      passwordHash,
      () => {},
    );
    timings['second business'] = Date.now() - t;
    log(`  second business: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  const t = Date.now();
  // Vacuum too: it sets the visibility map, so index-only scans read as they would on a settled database.
  await database.db.execute(sql`vacuum analyze`);
  timings.analyze = Date.now() - t;
  timings.total = Date.now() - started;
  log(`  vacuum and analyze: ${(timings.analyze / 1000).toFixed(1)} s`);
  log(
    `Generated ${big.counts.answers} answers, ${big.counts.schedules} schedules, ${big.counts.members} members on ${database.kind} in ${(timings.total / 1000).toFixed(1)} s`,
  );
  return { ...big, password, other, timings };
}

async function generateBusiness(db: Db, shape: Shape, passwordHash: string, phaseDone: (phase: string, ms: number) => void): Promise<GeneratedBusiness> {
  const { prefix, timeZone, projects: projectCount, sitesPerProject, membersPerSite, tasks: taskCount, days, today } = shape;
  const sites = projectCount * sitesPerProject;
  const members = sites * membersPerSite;
  const nowIso = shape.now.toISOString();
  let mark = Date.now();
  const phase = (name: string) => {
    phaseDone(name, Date.now() - mark);
    mark = Date.now();
  };

  // ---- people, projects and sites
  const [owner] = rowsOf<{ id: string | number }>(
    await db.execute(sql`
    insert into users (username, email, full_name, password_hash, activated)
    values (${`${prefix}.owner`}, ${`${prefix}.owner@example.com`}, 'Bench Owner', ${passwordHash}, true) returning id`),
  );
  const ownerId = Number(must(owner, 'an insert returns its row').id);
  const business = await createBusinessFor(db, ownerId, { name: shape.name, timeZone });
  const b = business.id;
  await db.execute(sql`
    insert into users (username, email, full_name, password_hash, activated)
    select ${prefix}::text || '.user' || g, ${prefix}::text || '.user' || g || '@example.com',
      (${textArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] || ' ' || g,
      ${passwordHash}, true
    from generate_series(1, ${members}) g`);
  // Two admins; everyone else a plain member of the business.
  await db.execute(sql`
    insert into business_members (business_id, user_id, role, position)
    select ${b}, u.id, case when g <= 2 then 'ADMIN' else 'MEMBER' end, 'Operator'
    from generate_series(1, ${members}) g join users u on u.username = ${prefix}::text || '.user' || g`);
  await db.execute(sql`
    insert into projects (business_id, name, website)
    select ${b}, 'Project ' || g, 'https://p' || g || '.example.com' from generate_series(1, ${projectCount}) g`);
  await db.execute(sql`
    insert into teams (business_id, project_id, name, latitude, longitude, external_id)
    select ${b}, p.id, 'Site ' || (g + 1), 24.5 + ${rnd(21, sql`g`)} * 0.6, 46.4 + ${rnd(22, sql`g`)} * 0.6, 'S-' || (g + 1)
    from generate_series(0, ${sites - 1}) g
    join (select id, row_number() over (order by id) - 1 as rn from projects where business_id = ${b}) p on p.rn = g / ${sitesPerProject}`);
  // Members fill the sites in order; the first of each site supervises it.
  await db.execute(sql`
    with t as (select id, row_number() over (order by id) - 1 as rn from teams where business_id = ${b})
    insert into team_members (business_id, team_id, user_id, authority, position)
    select ${b}::bigint, t.id, u.id, case when (g - 1) % ${membersPerSite} = 0 then 'SUPERVISOR' else 'MEMBER' end,
      case when (g - 1) % ${membersPerSite} = 0 then 'Site supervisor' else 'Operator' end
    from generate_series(1, ${members}) g
    join users u on u.username = ${prefix}::text || '.user' || g
    join t on t.rn = (g - 1) / ${membersPerSite}`);
  phase('people, projects and sites');

  // ---- tasks, actions and tags: 3 to 8 actions a task; the first and the last are required.
  await db.execute(sql`
    insert into tags (business_id, name_en, name_ar)
    values (${b}, 'Safety', 'السلامة'), (${b}, 'Quality', 'الجودة'), (${b}, 'Compliance', 'الامتثال')`);
  await db.execute(sql`
    insert into tasks (business_id, name_en, name_ar, description_en, description_ar, geo_restriction_enabled, creator_id, created_at)
    select ${b}, (${textArray(TASK_NAMES.map((n) => n[0]))})[1 + g % ${TASK_NAMES.length}] || ' ' || (g + 1),
      (${textArray(TASK_NAMES.map((n) => n[1]))})[1 + g % ${TASK_NAMES.length}] || ' ' || (g + 1),
      'A routine checklist.', 'قائمة تحقق دورية.', g % 5 <> 4, ${ownerId}, ${nowIso}::timestamptz - interval '400 days'
    from generate_series(0, ${taskCount - 1}) g`);
  await db.execute(sql`
    with k as (select id, row_number() over (order by id) - 1 as rn from tasks where business_id = ${b}),
    n as (select id, rn, 3 + floor(${rnd(31, sql`rn`)} * 6)::int as n from k)
    insert into actions (business_id, task_id, "order", name_en, name_ar, type, options, required, created_at)
    select ${b}, n.id, o, (${textArray(ACTION_NAMES.map((a) => a[0]))})[1 + (n.rn + o) % ${ACTION_NAMES.length}],
      (${textArray(ACTION_NAMES.map((a) => a[1]))})[1 + (n.rn + o) % ${ACTION_NAMES.length}],
      (${textArray(TYPES)})[1 + (n.rn * 3 + o) % ${TYPES.length}],
      case when (${textArray(TYPES)})[1 + (n.rn * 3 + o) % ${TYPES.length}] in ('SINGLE_CHOICE', 'MULTIPLE_CHOICE') then ${JSON.stringify(OPTIONS)}::jsonb else '[]'::jsonb end,
      o = 0 or o = n.n - 1 or ${rnd(32, sql`n.id * 16 + o`)} < 0.5,
      ${nowIso}::timestamptz - interval '400 days'
    from n cross join generate_series(0, n.n - 1) o`);
  // Tags on about a third of the actions: one, two, or all three.
  await db.execute(sql`
    with t as (select id, row_number() over (order by id) - 1 as rn from tags where business_id = ${b}),
    a as (select id, case when ${rnd(41, sql`id`)} < 0.05 then 3 when ${rnd(41, sql`id`)} < 0.12 then 2 when ${rnd(41, sql`id`)} < 0.35 then 1 else 0 end as c
          from actions where business_id = ${b})
    insert into action_tags (action_id, tag_id, business_id)
    select a.id, t.id, ${b} from a cross join generate_series(0, 2) j join t on t.rn = (a.id + j) % 3 where j < a.c`);
  phase('tasks, actions and tags');

  // ---- execution plans: four group plans a site, each with a quarter of its members.
  // 0: weekly, one day, for the last ~8 months; 1: custom, one weekday in five months of the year;
  // 2: weekly, one day, a few months, some ended; 3: daily for the last weeks, into the next days.
  const planTimes = ['07:00', '09:00', '14:00', '20:00'];
  await db.execute(sql`
    with s as (select id, row_number() over (order by id) - 1 as rn from teams where business_id = ${b}),
    k as (select id, row_number() over (order by id) - 1 as rn from tasks where business_id = ${b}),
    p as (
      select s.id as team_id, s.rn, g.k, k.id as task_id,
        case g.k when 0 then 'WEEKLY' when 1 then 'CUSTOM' when 2 then 'WEEKLY' else 'DAILY' end as schedule_type,
        ${today}::date + case g.k when 0 then -260 + (s.rn % 30)::int when 1 then -364 when 2 then -200 + (s.rn % 90)::int else ${-shape.dailyPlanDays}::int + (s.rn % 10)::int end as start_date,
        ${today}::date + case g.k when 0 then null when 1 then 180 when 2 then -60 + (s.rn % 120)::int else 10 end as end_date,
        (${textArray(planTimes)})[g.k + 1] as start_time,
        (array['13:00', '12:00', '18:00', '24:00'])[g.k + 1] as end_time,
        (array[8, 2, 1, 4])[g.k + 1] as deadline_after,
        (array['HOURS', 'DAYS', 'DAYS', 'HOURS'])[g.k + 1] as deadline_unit,
        case g.k when 0 then array[(s.rn % 7)::int] when 1 then array[((s.rn + 3) % 7)::int] when 2 then array[((s.rn + 5) % 7)::int] else '{}'::int[] end as days,
        case when g.k = 1 then array(select distinct ((s.rn + j * 2) % 12)::int + 1 from generate_series(0, 4) j order by 1) else '{}'::int[] end as months
      from s cross join generate_series(0, ${PLANS_PER_SITE - 1}) as g(k)
      join k on k.rn = (s.rn * ${PLANS_PER_SITE} + g.k) % ${taskCount})
    insert into execution_plans (business_id, task_id, team_id, schedule_type, start_date, end_date, start_time, end_time,
      deadline_after, deadline_unit, duration, days, months, scheduled_at, creator_id, created_at)
    select ${b}, task_id, team_id, schedule_type, start_date, end_date, start_time, end_time, deadline_after, deadline_unit, 30, days, months,
      (start_date - 1)::timestamp at time zone ${timeZone}, ${ownerId}, (start_date - 1)::timestamp at time zone ${timeZone}
    from p order by team_id, k`);
  await db.execute(sql`
    with m as (select team_id, user_id, row_number() over (partition by team_id order by user_id) - 1 as idx from team_members where business_id = ${b})
    insert into execution_plans (business_id, task_id, team_id, user_id, parent_id, schedule_type, start_date, end_date, start_time, end_time,
      deadline_after, deadline_unit, duration, days, months, scheduled_at, creator_id, created_at)
    select g.business_id, g.task_id, g.team_id, m.user_id, g.id, g.schedule_type, g.start_date, g.end_date, g.start_time, g.end_time,
      g.deadline_after, g.deadline_unit, g.duration, g.days, g.months, g.scheduled_at, g.creator_id, g.created_at
    from execution_plans g
    join m on m.team_id = g.team_id
      and (array_position(${textArray(planTimes)}, g.start_time) - 1 - m.idx % ${PLANS_PER_SITE} + ${PLANS_PER_SITE}) % ${PLANS_PER_SITE} < ${shape.plansPerMember}
    where g.business_id = ${b} and g.user_id is null
    order by g.id, m.user_id`);
  phase('execution plans');

  // ---- schedules: every occurrence of the history up to today, with the engine's rules, and
  // what became of it: done or missed once the deadline passed, open ones done, under way or waiting.
  const deadline = sql`case p.deadline_unit
      when 'MINUTES' then (o.local_start at time zone ${timeZone}) + make_interval(mins => p.deadline_after)
      when 'HOURS' then (o.local_start at time zone ${timeZone}) + make_interval(hours => p.deadline_after)
      when 'DAYS' then (o.local_start + make_interval(days => p.deadline_after)) at time zone ${timeZone}
      else (o.local_start + make_interval(months => p.deadline_after)) at time zone ${timeZone} end`;
  const now = sql`${nowIso}::timestamptz`;
  const monthStarts: string[] = [];
  for (let back = Math.ceil(days / 28) + 1; back >= 0; back--) {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - back * 28);
    monthStarts.push(d.toISOString().slice(0, 10));
  }
  const first = new Date(`${today}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() - (days - 1));
  const firstDay = first.toISOString().slice(0, 10);
  await db.execute(sql`
    insert into schedules (business_id, plan_id, group_id, task_id, team_id, user_id, start, "end", deadline, status, completed_at, created_at)
    select x.business_id, x.plan_id, x.group_id, x.task_id, x.team_id, x.user_id, x.start, x.end_at, x.deadline,
      x.status, case when x.status = 'done'
        then x.start + (least(x.end_at, x.deadline, ${now}) - x.start) * ((x.n - 0.5 + 0.4 * ${rnd(51, sql`x.key * 16 + x.n - 1`)}) / (x.n + 1)) end,
      x.created_at
    from (
      select y.*,
        case when y.start > ${now} then 'pending'
          when y.deadline <= ${now} then case when y.r < y.quality then 'done' else 'missed' end
          when y.r < y.quality * 0.5 then 'done' when y.r < y.quality * 0.8 then 'inProgress' else 'pending' end as status
      from (
        select p.business_id, p.id as plan_id, p.group_id, p.task_id, p.team_id, p.user_id,
          o.local_start at time zone ${timeZone} as start,
          (o.day + p.end_time::time) at time zone ${timeZone} as end_at,
          ${deadline} as deadline,
          least(p.created_at, o.local_start at time zone ${timeZone}) as created_at,
          ${occurrenceKey(sql`p.id`, sql`(o.local_start at time zone ${timeZone})`)} as key,
          ${rnd(52, occurrenceKey(sql`p.id`, sql`(o.local_start at time zone ${timeZone})`))} as r,
          ${diligence(sql`p.user_id`, sql`p.team_id`, sql`t.project_id`)} as quality,
          c.n
        from execution_plans p
        join teams t on t.id = p.team_id
        join (select task_id, count(*)::int as n from actions where business_id = ${b} group by task_id) c on c.task_id = p.task_id
        cross join lateral generate_series(
          greatest(p.start_date, ${firstDay}::date)::timestamp,
          least(case when p.schedule_type = 'ONCE' then p.start_date else coalesce(p.end_date, ${today}::date) end, ${today}::date)::timestamp,
          interval '1 day') as g(at)
        cross join lateral (select g.at::date as day, g.at::date + p.start_time::time as local_start) o
        where p.business_id = ${b} and p.user_id is not null and not p.canceled
          and (p.schedule_type in ('ONCE', 'DAILY')
            or (p.schedule_type = 'WEEKLY' and extract(dow from o.day)::int = any (p.days))
            or (p.schedule_type = 'CUSTOM' and extract(dow from o.day)::int = any (p.days) and extract(month from o.day)::int = any (p.months)))
      ) y
    ) x`);
  phase('schedules');

  // ---- answers, a month of schedules at a time. A done schedule has every required action and
  // most optional ones; one under way, or missed after a start, the first few. Optional answers
  // and those of missed visits are now and then given outside the site (kept, not counted).
  let answered = 0;
  for (let i = 0; i < monthStarts.length; i++) {
    const from = monthStarts[i];
    const until = i + 1 < monthStarts.length ? monthStarts[i + 1] : null;
    await db.execute(sql`
      insert into action_results (business_id, schedule_id, action_id, task_id, team_id, user_id, value, notes,
        latitude, longitude, accuracy, distance, outside, is_flagged, created_date)
      select z.business_id, z.id, z.action_id, z.task_id, z.team_id, z.user_id,
        case z.type
          when 'CHECK' then 'true'::jsonb
          when 'YES_NO' then to_jsonb(case when z.v < 0.9 then 'YES' else 'NO' end)
          when 'SINGLE_CHOICE' then to_jsonb(floor(z.v * z.v * 3)::int::text)
          when 'MULTIPLE_CHOICE' then case when z.v < 0.6 then '["0"]'::jsonb when z.v < 0.85 then '["1"]'::jsonb else '["0","2"]'::jsonb end
          when 'RATING' then to_jsonb(least(5, 2 + floor(z.v * 4)::int))
          when 'NUMBER' then to_jsonb(1 + floor(z.v * 100)::int)
          when 'TEXT' then to_jsonb((${textArray(TEXTS)})[1 + floor(z.v * ${TEXTS.length})::int])
          else to_jsonb(to_char((z.start at time zone ${timeZone})::date - (30 + floor(z.v * 120)::int), 'YYYY-MM-DD')) end,
        case when z.flag < 0.02 then 'Needs a look by the supervisor.' when z.v > 0.97 then 'Checked with the site supervisor.' end,
        z.latitude + case when z.outside then 0.01 else (z.v - 0.5) * 0.001 end,
        z.longitude + (z.flag - 0.5) * 0.001,
        5 + z.v * 20,
        case when z.outside then 1100 + z.v * 300 else z.v * 80 end,
        z.outside, z.flag < 0.02, z.created_date
      from (
        select s.*, a.id as action_id, a.type, t.latitude, t.longitude,
          ${rnd(61, sql`s.key * 16 + a."order"`)} as v,
          ${rnd(62, sql`s.key * 16 + a."order"`)} as flag,
          k.geo_restriction_enabled and (not a.required or s.status = 'missed') and ${rnd(63, sql`s.key * 16 + a."order"`)} < 0.04 as outside,
          s.start + (least(s."end", s.deadline, ${now}) - s.start) * ((a."order" + 0.5 + 0.4 * ${rnd(51, sql`s.key * 16 + a."order"`)}) / (s.n + 1)) as created_date
        from (
          select s.*, ${occurrenceKey(sql`s.plan_id`, sql`s.start`)} as key, c.n,
            1 + floor(${rnd(53, occurrenceKey(sql`s.plan_id`, sql`s.start`))} * (c.n - 1))::int as partial,
            ${rnd(54, occurrenceKey(sql`s.plan_id`, sql`s.start`))} < 0.45 as started
          from schedules s
          join (select task_id, count(*)::int as n from actions where business_id = ${b} group by task_id) c on c.task_id = s.task_id
          where s.business_id = ${b} and s.start >= (${from}::date)::timestamp at time zone ${timeZone}
            ${until ? sql`and s.start < (${until}::date)::timestamp at time zone ${timeZone}` : sql``}
            and s.status <> 'pending'
        ) s
        join teams t on t.id = s.team_id
        join tasks k on k.id = s.task_id
        join actions a on a.task_id = s.task_id
        where (s.status = 'done' or s.status = 'inProgress' or (s.status = 'missed' and s.started))
          and (s.status = 'done' or a."order" < s.partial)
          and (a.required or ${rnd(64, sql`s.key * 16 + a."order"`)} < 0.65)
      ) z
      order by z.created_date`);
    const [{ n } = { n: 0 }] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from action_results where business_id = ${b}`));
    answered = Number(n);
    phaseDone(`answers from ${from} (${answered} in all)`, Date.now() - mark);
    mark = Date.now();
  }

  // ---- scores: every other task scores its inspections, and every other one of those has a pass
  // mark of 70%. Each of their schedules done or under way keeps a score, which the triggers add to
  // the score rollups as the app's answers do.
  await db.execute(sql`
    insert into schedule_scores (schedule_id, business_id, task_id, team_id, user_id, start, group_id, version_id,
      achieved, possible, percent, passed, failed, sections, scored_at)
    select s.id, s.business_id, s.task_id, s.team_id, s.user_id, s.start, s.group_id, 0,
      p.percent / 10, 10, p.percent, case when k.rn % 4 = 0 then p.percent >= 70 end, '[]'::jsonb, '[]'::jsonb, coalesce(s.completed_at, s.start)
    from schedules s
    join (select id, row_number() over (order by id) - 1 as rn from tasks where business_id = ${b}) k on k.id = s.task_id
    cross join lateral (select round((40 + 60 * ${rnd(71, sql`s.id`)})::numeric, 1)::float8 as percent) p
    where s.business_id = ${b} and k.rn % 2 = 0 and s.status in ('done', 'inProgress')`);
  phase('scores');

  return describeBusiness(db, prefix);
}

/** The business (and the second one) a run of the generator left in this database, to measure again. */
export async function existingReportBusiness(database: Database, options: Pick<ReportDataOptions, 'prefix' | 'password'> = {}): Promise<ReportData> {
  const prefix = options.prefix ?? 'report';
  const big = await describeBusiness(database.db, prefix);
  const other = await describeBusiness(database.db, `${prefix}2`).catch(() => null);
  return { ...big, password: options.password ?? REPORT_DATA_PASSWORD, other, timings: {} };
}
