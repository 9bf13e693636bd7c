// The demo business's execution plans, its last month of schedules and the members' answers, so
// the tracker, the task pages and the dashboard have a history on first start. Schedules are
// computed in SQL with the engine's rules (local date + time AT TIME ZONE the business's zone);
// answers follow each task's actions and chain rules.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isFinished, type DeadlineUnit, type ScheduleStatus, type ScheduleType } from '@fieldops/shared/enums';
import type { AnswerValue } from '@fieldops/shared/answers';
import type { ActionCriteria } from '@fieldops/shared/tasks';
import { must } from '@fieldops/shared/must';
import type { Db } from '../db/client.ts';
import { businesses, teamMembers } from '../db/schema.ts';
import { tickets } from '../db/schema-helpdesk.ts';
import { actionResults, executionPlans, scheduleScores, schedules } from '../db/schema-schedules.ts';
import { actions, tasks } from '../db/schema-workflow.ts';
import { currentContent, versionFor, type TaskVersion } from '../modules/workflow/actions/task-versions.service.ts';
import { scoreOfAnswers } from '../modules/workflow/schedules/schedule-scores.ts';
import type { Storage } from '../plugins/storage.ts';
import {
  answerSheet,
  answerTimes,
  chooseFate,
  MINUTE_MS,
  partialLength,
  resultRow,
  seededRandom,
  storeMedia,
  type DemoAction,
  type Fate,
} from './demo-answers.ts';
import type { DemoPeople } from './demo-tickets.ts';
import { TASK_LIBRARY } from './task-library.ts';

type Person = keyof DemoPeople;

export interface DemoScheduleContext {
  businessId: number;
  people: DemoPeople;
  /** Tower A, Tower B, Mall North Gate, Mall Parking, Olaya Clinic. */
  sites: { id: number; latitude: number | null; longitude: number | null; radius: number }[];
  now?: Date;
}

interface DemoPlan {
  task: string;
  site: number;
  members: Person[];
  type: ScheduleType;
  /** Start and end date in days from today (business time zone). */
  from: number;
  to: number | null;
  hours: [string, string];
  deadline: [number, DeadlineUnit];
  duration: number;
  days?: number[];
  /** CUSTOM plans run in the months around today, so the month filter shows. */
  monthsAround?: boolean;
  paused?: boolean;
  /** Minutes of grace after the deadline: some of its rounds are finished in it, late. */
  grace?: number;
}

/** Days of past schedules kept, counted back from today in the business time zone. */
export const DEMO_HISTORY_DAYS = 30;

export const DEMO_PLANS: readonly DemoPlan[] = [
  {
    task: 'daily-cleaning',
    site: 0,
    members: ['omar', 'sara'],
    type: 'DAILY',
    from: -45,
    to: 60,
    hours: ['07:00', '13:00'],
    deadline: [6, 'HOURS'],
    duration: 45,
  },
  // The owner walks Tower A's restrooms too, so My Tasks has today's visit on first start.
  {
    task: 'restroom-hygiene',
    site: 0,
    members: ['owner', 'omar'],
    type: 'DAILY',
    from: -30,
    to: 90,
    hours: ['06:00', '24:00'],
    deadline: [18, 'HOURS'],
    duration: 15,
  },
  {
    task: 'security-patrol',
    site: 2,
    members: ['lina', 'huda'],
    type: 'WEEKLY',
    from: -40,
    to: 120,
    hours: ['20:00', '24:00'],
    deadline: [4, 'HOURS'],
    duration: 60,
    days: [0, 2, 4],
    grace: 30,
  },
  {
    task: 'fire-safety-inspection',
    site: 4,
    members: ['yousef'],
    type: 'CUSTOM',
    from: -35,
    to: 180,
    hours: ['09:00', '12:00'],
    deadline: [1, 'DAYS'],
    duration: 30,
    days: [1, 3],
    monthsAround: true,
  },
  // Ended: a one-off check ten days ago, and a daily round that stopped a week ago.
  { task: 'vehicle-check', site: 3, members: ['lina'], type: 'ONCE', from: -10, to: null, hours: ['08:00', '12:00'], deadline: [120, 'MINUTES'], duration: 20 },
  { task: 'daily-cleaning', site: 1, members: ['omar'], type: 'DAILY', from: -30, to: -8, hours: ['14:00', '18:00'], deadline: [4, 'HOURS'], duration: 40 },
  {
    task: 'restroom-hygiene',
    site: 3,
    members: ['lina'],
    type: 'WEEKLY',
    from: -30,
    to: 60,
    hours: ['16:00', '20:00'],
    deadline: [4, 'HOURS'],
    duration: 15,
    days: [5, 6],
    paused: true,
  },
  // Upcoming: next week's inspection of Tower B.
  {
    task: 'fire-safety-inspection',
    site: 1,
    members: ['sara', 'omar'],
    type: 'ONCE',
    from: 7,
    to: null,
    hours: ['09:00', '12:00'],
    deadline: [3, 'HOURS'],
    duration: 30,
  },
];

const ARABIC_SPEAKERS: readonly Person[] = ['huda'];
/** The helpdesk ticket raised from a flagged restroom answer (see demo-tickets). */
const LEAK_TICKET_TITLE = 'تسرب مياه في دورة المياه';
const DAY_MS = 86_400_000;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar date of `at` in `timeZone`, as YYYY-MM-DD. */
function localDate(at: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export async function seedDemoSchedules(db: Db, storage: Storage, ctx: DemoScheduleContext) {
  const { businessId, people, sites } = ctx;
  const now = ctx.now ?? new Date();
  const rand = seededRandom(20_240_601);
  const [found] = await db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
  const business = must(found, 'the demo business exists');
  const siteAt = (index: number) => must(sites[index], `the demo has a site #${index}`);
  const today = localDate(now, business.timeZone);

  // The owner also supervises Tower A: a plan's members belong to its site.
  await db.insert(teamMembers).values({ businessId, teamId: siteAt(0).id, userId: people.owner, authority: 'SUPERVISOR', position: 'Operations manager' });

  const taskRows = await db.select().from(tasks).where(eq(tasks.businessId, businessId));
  const taskOf = (key: string) => {
    const template = TASK_LIBRARY.find((t) => t.key === key);
    const row = taskRows.find((t) => t.nameEn === template?.nameEn);
    if (!row) throw new Error(`demo task ${key} is missing`);
    return row;
  };
  const aroundMonths = [...new Set(Array.from({ length: 120 }, (_, i) => Number(addDays(today, i - DEMO_HISTORY_DAYS - 5).slice(5, 7))))].sort((a, b) => a - b);
  const planFields = (p: DemoPlan) => {
    const created = new Date(now.getTime() - Math.max(1, -p.from + 1) * DAY_MS);
    return {
      businessId,
      taskId: taskOf(p.task).id,
      teamId: siteAt(p.site).id,
      scheduleType: p.type,
      startDate: addDays(today, p.from),
      endDate: p.to === null ? null : addDays(today, p.to),
      startTime: p.hours[0],
      endTime: p.hours[1],
      deadlineAfter: p.deadline[0],
      deadlineUnit: p.deadline[1],
      graceMinutes: p.grace ?? 0,
      duration: p.duration,
      days: p.days ?? [],
      months: p.monthsAround ? aroundMonths : [],
      paused: p.paused ?? false,
      scheduledAt: p.from > 0 ? now : created,
      creatorId: people.owner,
      createdAt: p.from > 0 ? now : created,
    };
  };
  // Identity ids follow the order of the rows, so groups[i] is the group of DEMO_PLANS[i].
  const groups = (
    await db
      .insert(executionPlans)
      .values(DEMO_PLANS.map((p) => ({ ...planFields(p), userId: null, parentId: null })))
      .returning({ id: executionPlans.id })
  ).sort((a, b) => a.id - b.id);
  const children = await db
    .insert(executionPlans)
    .values(
      DEMO_PLANS.flatMap((p, i) => p.members.map((m) => ({ ...planFields(p), userId: people[m], parentId: must(groups[i], 'one group per demo plan').id }))),
    )
    .returning({ id: executionPlans.id, parentId: executionPlans.parentId, userId: executionPlans.userId });

  // Every occurrence of the last month up to today, as the engine would have made it; a paused
  // plan lost today's when it was paused.
  // As the engine: minutes and hours are elapsed time, days and months steps on the wall clock.
  const deadline = sql`CASE p.deadline_unit
      WHEN 'MINUTES' THEN (o.local_start AT TIME ZONE b.time_zone) + make_interval(mins => p.deadline_after)
      WHEN 'HOURS' THEN (o.local_start AT TIME ZONE b.time_zone) + make_interval(hours => p.deadline_after)
      WHEN 'DAYS' THEN (o.local_start + make_interval(days => p.deadline_after)) AT TIME ZONE b.time_zone
      ELSE (o.local_start + make_interval(months => p.deadline_after)) AT TIME ZONE b.time_zone END`;
  await db.execute(sql`
    INSERT INTO schedules (business_id, plan_id, group_id, task_id, team_id, user_id, start, "end", deadline, due_at, status, created_at)
    SELECT p.business_id, p.id, p.group_id, p.task_id, p.team_id, p.user_id,
      o.local_start AT TIME ZONE b.time_zone,
      (o.day + p.end_time::time) AT TIME ZONE b.time_zone,
      ${deadline} + make_interval(mins => p.grace_minutes),
      CASE WHEN p.grace_minutes > 0 THEN ${deadline} END,
      'pending', least(p.created_at, o.local_start AT TIME ZONE b.time_zone)
    FROM execution_plans p
    JOIN businesses b ON b.id = p.business_id
    CROSS JOIN LATERAL (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE b.time_zone)::date AS today) t
    CROSS JOIN LATERAL generate_series(
      greatest(p.start_date, t.today - ${DEMO_HISTORY_DAYS}::int)::timestamp,
      least(CASE WHEN p.schedule_type = 'ONCE' THEN p.start_date ELSE p.end_date END, CASE WHEN p.paused THEN t.today - 1 ELSE t.today END)::timestamp,
      interval '1 day') AS g(at)
    CROSS JOIN LATERAL (SELECT g.at::date AS day, g.at::date + p.start_time::time AS local_start) o
    WHERE p.business_id = ${businessId} AND p.user_id IS NOT NULL AND NOT p.canceled
      AND (p.schedule_type IN ('ONCE', 'DAILY')
        OR (p.schedule_type = 'WEEKLY' AND extract(dow FROM o.day)::int = ANY (p.days))
        OR (p.schedule_type = 'CUSTOM' AND extract(dow FROM o.day)::int = ANY (p.days) AND extract(month FROM o.day)::int = ANY (p.months)))
    ON CONFLICT (plan_id, start) DO NOTHING`);

  const rows = await db.select().from(schedules).where(eq(schedules.businessId, businessId)).orderBy(asc(schedules.planId), asc(schedules.start));
  const taskIds = [...new Set(rows.map((r) => r.taskId))];
  const actionRows = taskIds.length
    ? await db
        .select()
        .from(actions)
        .where(and(eq(actions.businessId, businessId), inArray(actions.taskId, taskIds)))
        .orderBy(asc(actions.order), asc(actions.id))
    : [];
  const actionsOf = (taskId: number): DemoAction[] =>
    actionRows
      .filter((a) => a.taskId === taskId)
      .map((a) => ({
        id: a.id,
        type: a.type as DemoAction['type'],
        required: a.required,
        criteria: a.criteria as ActionCriteria | null,
        nameEn: a.nameEn,
        options: a.options,
      }));
  const planOf = new Map(children.map((c) => [c.id, DEMO_PLANS[groups.findIndex((g) => g.id === c.parentId)]]));
  const personOf = new Map(Object.entries(people).map(([name, id]) => [id, name as Person]));
  const geofenced = new Map(taskRows.map((t) => [t.id, t.geoRestrictionEnabled]));

  // The story behind the leak ticket: Omar's latest restroom visit before it was raised.
  const [leakTicket] = await db
    .select({ id: tickets.id, createdDate: tickets.createdDate })
    .from(tickets)
    .where(and(eq(tickets.businessId, businessId), eq(tickets.title, LEAK_TICKET_TITLE)));
  const windowEnd = (s: (typeof rows)[number]) => Math.min(s.end.getTime(), s.deadline.getTime(), now.getTime());
  const leakVisit = leakTicket
    ? rows
        .filter(
          (s) =>
            planOf.get(s.planId)?.task === 'restroom-hygiene' &&
            s.userId === people.omar &&
            Math.min(windowEnd(s), leakTicket.createdDate.getTime()) - s.start.getTime() >= 30 * MINUTE_MS,
        )
        .at(-1)
    : undefined;
  // One visit surely answered away from the site: Sara's cleaning round yesterday.
  const yesterday = addDays(today, -1);
  const strayVisit = rows.find(
    (s) => planOf.get(s.planId) === DEMO_PLANS[0] && s.userId === people.sara && localDate(s.start, business.timeZone) === yesterday,
  );

  const results: (typeof actionResults.$inferInsert)[] = [];
  const media: Promise<void>[] = [];
  const updates: { id: number; status: ScheduleStatus; completedAt: Date | null }[] = [];
  for (const s of rows) {
    const person = personOf.get(s.userId)!;
    const lang = ARABIC_SPEAKERS.includes(person) ? 'ar' : 'en';
    const started = s.start <= now;
    const past = s.deadline <= now;
    const fenced = geofenced.get(s.taskId) ?? false;
    const isLeak = s === leakVisit;
    let fate: Fate;
    if (isLeak) fate = 'done';
    else if (s === strayVisit) fate = 'outside';
    else if (!started || (person === 'owner' && !past)) fate = 'none';
    else fate = chooseFate(rand, past, fenced);

    const taskActions = actionsOf(s.taskId);
    const sheet = answerSheet(taskActions, rand, { lang, day: localDate(s.start, business.timeZone), problemRate: isLeak ? 1 : 0.08 });
    const counted = fate === 'done' ? sheet.length : fate === 'none' ? 0 : partialLength(taskActions, sheet, rand);
    if (fate !== 'done' && counted === 0) fate = 'none';
    const given = fate === 'outside' ? sheet : sheet.slice(0, counted);

    // Every fourth finished round of a plan with grace time came in it, after the on-time deadline.
    const inGrace = fate === 'done' && !isLeak && s.dueAt !== null && s.deadline <= now && s.id % 4 === 0;
    const until = isLeak ? Math.min(windowEnd(s), leakTicket!.createdDate.getTime() - MINUTE_MS) : inGrace ? s.deadline.getTime() - MINUTE_MS : windowEnd(s);
    const times = answerTimes(rand, inGrace ? s.dueAt!.getTime() : s.start.getTime(), until, given.length);
    given.forEach((answer, i) => {
      const outside = i >= counted;
      const row = resultRow(rand, {
        schedule: s,
        answer,
        outside,
        lang,
        site: sites.find((site) => site.id === s.teamId)!,
        at: must(times[i], 'a time per answer'),
      });
      if (isLeak && answer.media === 'photo') {
        Object.assign(row, { isFlagged: true, notes: 'تسرب مياه من أسفل المغسلة، الأرضية مبللة.', statusCode: '2', ticketId: leakTicket!.id });
      }
      if (answer.media) media.push(storeMedia(storage, answer.media, rand, row));
      results.push(row);
    });

    const status: ScheduleStatus = fate === 'done' ? (inGrace ? 'late' : 'done') : past ? 'missed' : counted > 0 ? 'inProgress' : 'pending';
    if (status !== 'pending') updates.push({ id: s.id, status, completedAt: isFinished(status) ? times.at(-1)! : null });
  }

  await Promise.all(media);
  await insertResults(db, results);
  if (updates.length) {
    const values = sql.join(
      updates.map((u) => sql`(${u.id}::bigint, ${u.status}, ${u.completedAt?.toISOString() ?? null}::timestamptz)`),
      sql`, `,
    );
    await db.execute(sql`
      UPDATE schedules AS s SET status = v.status, completed_at = v.completed_at
      FROM (VALUES ${values}) AS v(id, status, completed_at)
      WHERE s.id = v.id AND s.business_id = ${businessId}`);
  }
  await pinVersionsAndScore(db, businessId, rows, updates, results);
  return { plans: groups.length + children.length, schedules: rows.length, answers: results.length };
}

/**
 * What the answers would have done as they came: each answered schedule holds its task's version,
 * and each finished one of a scored task (the fire-safety inspection) keeps its score.
 */
async function pinVersionsAndScore(
  db: Db,
  businessId: number,
  rows: (typeof schedules.$inferSelect)[],
  updates: { id: number; status: ScheduleStatus }[],
  results: (typeof actionResults.$inferInsert)[],
) {
  const statusOf = new Map(updates.map((u) => [u.id, u.status]));
  const answered = rows.filter((r) => statusOf.has(r.id));
  const versions = new Map<number, TaskVersion>();
  for (const taskId of new Set(answered.map((r) => r.taskId))) {
    const version = await versionFor(db, businessId, taskId, await currentContent(db, businessId, taskId));
    versions.set(taskId, version);
    const ids = JSON.stringify(answered.filter((r) => r.taskId === taskId).map((r) => r.id));
    await db.execute(sql`UPDATE schedules SET task_version_id = ${version.id}
      WHERE business_id = ${businessId} AND id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::bigint)`);
  }
  const counted = new Map<number, { actionId: number; value: AnswerValue | null }[]>();
  for (const r of results) {
    if (r.outside) continue;
    const list = counted.get(r.scheduleId) ?? [];
    list.push({ actionId: r.actionId, value: (r.value ?? null) as AnswerValue | null });
    counted.set(r.scheduleId, list);
  }
  const scores: (typeof scheduleScores.$inferInsert)[] = [];
  for (const r of answered) {
    const version = versions.get(r.taskId);
    const score = version && isFinished(statusOf.get(r.id) ?? 'pending') ? scoreOfAnswers(version, counted.get(r.id) ?? []) : null;
    if (!version || !score) continue;
    const { achieved, possible, percent, passed, failed, sections } = score;
    scores.push({
      scheduleId: r.id,
      businessId,
      taskId: r.taskId,
      teamId: r.teamId,
      userId: must(r.userId ?? undefined, 'the demo schedules all have a member'),
      start: r.start,
      groupId: r.groupId,
      versionId: version.id,
      achieved,
      possible,
      percent,
      passed,
      failed,
      sections,
    });
  }
  for (let i = 0; i < scores.length; i += 200) await db.insert(scheduleScores).values(scores.slice(i, i + 200));
}

/**
 * All answers in one statement: the rows travel as one JSON parameter, which is much faster
 * than thousands of bound values (PGlite parses every parameter).
 */
async function insertResults(db: Db, rows: (typeof actionResults.$inferInsert)[]) {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ ...r, value: r.value === null || r.value === undefined ? null : JSON.stringify(r.value) })));
  await db.execute(sql`
    INSERT INTO action_results (business_id, schedule_id, action_id, task_id, team_id, user_id, value, notes, file_key, voice_key,
      latitude, longitude, accuracy, distance, outside, is_flagged, status_code, ticket_id, created_date, captured_at)
    SELECT r."businessId", r."scheduleId", r."actionId", r."taskId", r."teamId", r."userId", r.value::jsonb, r.notes, r."fileKey", r."voiceKey",
      r.latitude, r.longitude, r.accuracy, r.distance, r.outside, coalesce(r."isFlagged", false), r."statusCode", r."ticketId", r."createdDate",
      r."createdDate"
    FROM jsonb_to_recordset(${json}::jsonb) AS r("businessId" bigint, "scheduleId" bigint, "actionId" bigint, "taskId" bigint, "teamId" bigint,
      "userId" bigint, value text, notes text, "fileKey" text, "voiceKey" text, latitude float8, longitude float8, accuracy float8,
      distance float8, outside boolean, "isFlagged" boolean, "statusCode" text, "ticketId" bigint, "createdDate" timestamptz)`);
}
