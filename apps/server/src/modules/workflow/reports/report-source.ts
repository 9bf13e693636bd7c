// Where a report reads its counts: the rollups (db/schema-rollups.ts) whenever one of them
// holds every column the report groups and filters by, else the schedules and answers
// themselves. Either way a source is a subquery with the same columns, one row per group of
// counted things, so the report queries only sum them.
//
// A date range is read from the site rollups as whole months (grain 'M') where it covers them,
// whole ten days ('T') where it covers those, and single days ('D') at its ends: a year is 12
// months, a few ten days and up to 18 days of rows. From the member rollup it is read as a few
// month-to-date rows per member, plus the changes not yet added to them.
//
// Scores have sources of their own, beside the schedules': the score rollups by site and by member
// (each read as months, ten days and days like the site rollups), or the kept scores themselves.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { actionTags } from '../../../db/schema-workflow.ts';
import { arrivedAfterDelay } from '../../../lib/answer-delivery.ts';
import {
  answerSiteRollups,
  scheduleMemberChanges,
  scheduleMemberRollups,
  scheduleMemberToDate,
  scheduleSiteRollups,
  scoreMemberRollups,
  scoreSiteRollups,
} from '../../../db/schema-rollups.ts';
import { actionResults, scheduleScores, schedules } from '../../../db/schema-schedules.ts';
import { answerConditions, rollupConditions, scheduleConditions, scoreConditions, type ReportFilter, type ReportScope } from './report-filter.ts';
import { inRange, type DateRange } from './report-range.ts';

/** What a report groups by beyond the site: the member, or the task or plan group. */
export interface ScheduleNeeds {
  user?: boolean;
  /** The task or the plan group. */
  task?: boolean;
}

type Rollup = 'site' | 'member' | null;

/** The rollup that has every column the report needs, or null when none has. */
function scheduleRollup(scope: ReportScope, filter: ReportFilter, needs: ScheduleNeeds): Rollup {
  // A narrower view than the business is "own schedules, or of these sites": it needs the member.
  const user = needs.user || filter.users !== undefined || scope.view !== null;
  const task = needs.task || filter.task !== undefined;
  if (!user) return 'site';
  if (!task) return 'member';
  return null;
}

type RollupTable = typeof scheduleSiteRollups | typeof answerSiteRollups | typeof scoreSiteRollups | typeof scoreMemberRollups;

/**
 * The rollup rows of a range meeting `where`: `report_periods` (drizzle/0010) splits the range
 * into runs of whole months, whole ten days and single days, and each run is one range of the
 * rollup's key, read by its own index scan (the subquery is kept apart from the planner's
 * joins so that it is). The rows keep the table's name, so its columns are named as usual.
 */
export function periodsJoin(table: RollupTable, from: SQL, to: SQL, where: SQL): SQL {
  return sql`report_periods(${from}, ${to}) p cross join lateral (
    select * from ${table} where ${table.grain} = p.grain and ${table.period} between p.period_from and p.period_to and ${where} offset 0) as ${table}`;
}

const periodsOf = (table: RollupTable, range: DateRange, where: SQL) => periodsJoin(table, sql`${range.startDate}::date`, sql`${range.endDate}::date`, where);

type MemberColumns = Record<'business' | 'team' | 'user', AnyPgColumn>;

/**
 * Schedules by member over the days from `from` to `to`, as rows of (team_id, user_id, done,
 * late, missed, pending, in_progress, total) to sum: the month-to-date rows `report_to_date_points`
 * (drizzle/0014) names, each read by its own index scan and signed, and the changes of those days
 * not yet added to them. `where` gives the conditions on either table's columns.
 */
export function memberDaysSource(from: SQL, to: SQL, where: (columns: MemberColumns) => SQL): SQL {
  const c = scheduleMemberToDate;
  const l = scheduleMemberChanges;
  const toDate = where({ business: c.businessId, team: c.teamId, user: c.userId });
  const changes = where({ business: l.businessId, team: l.teamId, user: l.userId });
  return sql`select ${c.teamId} as team_id, ${c.userId} as user_id, ${c.done} * k.sign as done, ${c.late} * k.sign as late, ${c.missed} * k.sign as missed,
        ${c.pending} * k.sign as pending, ${c.inProgress} * k.sign as in_progress, ${c.total} * k.sign as total
      from report_to_date_points(${from}, ${to}) k cross join lateral (
        select * from ${c} where ${c.day} = k.day and ${toDate} offset 0) as ${c}
    union all
    select ${l.teamId}, ${l.userId}, ${l.done}, ${l.late}, ${l.missed}, ${l.pending}, ${l.inProgress}, ${l.total}
      from ${l} where ${l.day} between ${from} and ${to} and ${changes}`;
}

/**
 * The schedules of the business the caller sees, meeting the filters, starting in the range, as
 * rows of (team_id, user_id, task_id, group_id, done, late, missed, pending, in_progress, total); a
 * rollup leaves out the columns it does not have, which `needs` says the report does not read.
 */
export function scheduleSource(scope: ReportScope, filter: ReportFilter, range: DateRange, needs: ScheduleNeeds = {}): SQL {
  const rollup = scheduleRollup(scope, filter, needs);
  if (rollup === 'site') {
    const t = scheduleSiteRollups;
    return sql`select ${t.teamId} as team_id, ${t.taskId} as task_id, ${t.groupId} as group_id,
        ${t.done} as done, ${t.late} as late, ${t.missed} as missed, ${t.pending} as pending, ${t.inProgress} as in_progress, ${t.total} as total
      from ${periodsOf(t, range, rollupConditions({ business: t.businessId, team: t.teamId, task: t.taskId }, scope, filter, sql`true`))}`;
  }
  if (rollup === 'member') {
    return memberDaysSource(sql`${range.startDate}::date`, sql`${range.endDate}::date`, (columns) => rollupConditions(columns, scope, filter, sql`true`));
  }
  const s = schedules;
  return sql`select ${s.teamId} as team_id, ${s.userId} as user_id, ${s.taskId} as task_id, ${s.groupId} as group_id,
      (${s.status} = 'done')::int as done, (${s.status} = 'late')::int as late, (${s.status} = 'missed')::int as missed, (${s.status} = 'pending')::int as pending,
      (${s.status} = 'inProgress')::int as in_progress, 1 as total
    from ${s} where ${scheduleConditions(scope, filter, inRange(s.start, range))}`;
}

/**
 * The same schedules counted per local day of the range, as rows of (day 'YYYY-MM-DD', done,
 * late, missed, pending, in_progress, total). From the schedules themselves they are first counted
 * per quarter hour (plain arithmetic on the instant; every time zone's offset is a whole number
 * of quarter hours), and only those few buckets are turned into local days.
 */
export function dailyScheduleSource(scope: ReportScope, filter: ReportFilter, range: DateRange): SQL {
  const rollup = scheduleRollup(scope, filter, {});
  if (rollup !== null) {
    const t = rollup === 'site' ? scheduleSiteRollups : scheduleMemberRollups;
    const columns =
      rollup === 'site'
        ? { business: scheduleSiteRollups.businessId, team: scheduleSiteRollups.teamId, task: scheduleSiteRollups.taskId }
        : { business: scheduleMemberRollups.businessId, team: scheduleMemberRollups.teamId, user: scheduleMemberRollups.userId };
    const days = sql`${t.grain} = 'D' and ${t.period} between ${range.startDate}::date and ${range.endDate}::date`;
    return sql`select to_char(${t.period}, 'YYYY-MM-DD') as day, sum(${t.done}) as done, sum(${t.late}) as late, sum(${t.missed}) as missed, sum(${t.pending}) as pending,
        sum(${t.inProgress}) as in_progress, sum(${t.total}) as total
      from ${t} where ${rollupConditions(columns, scope, filter, days)} group by ${t.period}`;
  }
  const s = schedules;
  return sql`select to_char((q.bucket at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as day,
      sum(q.done) as done, sum(q.late) as late, sum(q.missed) as missed, sum(q.pending) as pending, sum(q.in_progress) as in_progress, sum(q.total) as total
    from (
      select date_bin('15 minutes', ${s.start}, timestamptz '2000-01-01T00:00:00Z') as bucket,
        count(*) filter (where ${s.status} = 'done') as done, count(*) filter (where ${s.status} = 'late') as late,
        count(*) filter (where ${s.status} = 'missed') as missed,
        count(*) filter (where ${s.status} = 'pending') as pending, count(*) filter (where ${s.status} = 'inProgress') as in_progress,
        count(*) as total
      from ${s} where ${scheduleConditions(scope, filter, inRange(s.start, range))} group by 1) q
    group by 1`;
}

/**
 * The kept scores of the schedules `scheduleSource` gives for the same arguments (a score is filed
 * under its schedule's start, site, task, member and plan group), as rows of (team_id, user_id,
 * task_id, group_id, scored, percent_sum, passed, failed) to sum: from the score rollup by site,
 * the one by member, or the scores themselves, as the schedules are read; a rollup leaves out the
 * columns it does not have. `members` (a bigint[] expression) narrows a source by member to those
 * members, read by the member first (a page of a list of members, not all of them).
 */
export function scoreSource(scope: ReportScope, filter: ReportFilter, range: DateRange, needs: ScheduleNeeds = {}, members?: SQL): SQL {
  const rollup = scheduleRollup(scope, filter, needs);
  if (rollup === 'site') {
    const t = scoreSiteRollups;
    return sql`select ${t.teamId} as team_id, ${t.taskId} as task_id, ${t.groupId} as group_id,
        ${t.scored} as scored, ${t.percentSum} as percent_sum, ${t.passed} as passed, ${t.failed} as failed
      from ${periodsOf(t, range, rollupConditions({ business: t.businessId, team: t.teamId, task: t.taskId }, scope, filter, sql`true`))}`;
  }
  if (rollup === 'member') {
    const t = scoreMemberRollups;
    const columns = sql`${t.teamId} as team_id, ${t.userId} as user_id,
        ${t.scored} as scored, ${t.percentSum} as percent_sum, ${t.passed} as passed, ${t.failed} as failed`;
    const where = rollupConditions({ business: t.businessId, team: t.teamId, user: t.userId }, scope, filter, sql`true`);
    if (members === undefined) return sql`select ${columns} from ${periodsOf(t, range, where)}`;
    // Each member's periods by the member first (report_scores_by_member_user): a few rows each.
    return sql`select ${columns} from unnest(${members}) as k(member_id) cross join ${periodsOf(t, range, sql`${where} and ${t.userId} = k.member_id`)}`;
  }
  const c = scheduleScores;
  return sql`select ${c.teamId} as team_id, ${c.userId} as user_id, ${c.taskId} as task_id, ${c.groupId} as group_id,
      (${c.percent} is not null)::int as scored, coalesce(${c.percent}::numeric, 0) as percent_sum,
      (${c.passed} is true)::int as passed, (${c.passed} is false)::int as failed
    from ${c} where ${scoreConditions(scope, filter, members === undefined ? inRange(c.start, range) : sql`${inRange(c.start, range)} and ${c.userId} = any(${members})`)}`;
}

/** The same scores summed per local day of the range, as rows of (day 'YYYY-MM-DD', scored, percent_sum, passed, failed). */
export function dailyScoreSource(scope: ReportScope, filter: ReportFilter, range: DateRange): SQL {
  const rollup = scheduleRollup(scope, filter, {});
  if (rollup !== null) {
    const t = rollup === 'site' ? scoreSiteRollups : scoreMemberRollups;
    const columns =
      rollup === 'site'
        ? { business: scoreSiteRollups.businessId, team: scoreSiteRollups.teamId, task: scoreSiteRollups.taskId }
        : { business: scoreMemberRollups.businessId, team: scoreMemberRollups.teamId, user: scoreMemberRollups.userId };
    const days = sql`${t.grain} = 'D' and ${t.period} between ${range.startDate}::date and ${range.endDate}::date`;
    return sql`select to_char(${t.period}, 'YYYY-MM-DD') as day, sum(${t.scored}) as scored, sum(${t.percentSum}) as percent_sum,
        sum(${t.passed}) as passed, sum(${t.failed}) as failed
      from ${t} where ${rollupConditions(columns, scope, filter, days)} group by ${t.period}`;
  }
  const c = scheduleScores;
  return sql`select to_char((${c.start} at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as day,
      count(${c.percent}) as scored, coalesce(sum(${c.percent}::numeric), 0) as percent_sum,
      count(*) filter (where ${c.passed}) as passed, count(*) filter (where not ${c.passed}) as failed
    from ${c} where ${scoreConditions(scope, filter, inRange(c.start, range))} group by 1`;
}

/** The answers' own narrowing: one action, the actions carrying a tag, or the answers that arrived after a delay. */
export interface AnswerNarrowing {
  tagId?: number;
  actionId?: number;
  /** Only answers that arrived DELAYED_DELIVERY_MINUTES or more after they were taken: in no rollup, counted from the answers. */
  delayed?: boolean;
}

function narrowed(action: SQL, when: SQL, only: AnswerNarrowing): SQL {
  const parts = [when];
  if (only.actionId !== undefined) parts.push(sql`${action} = ${only.actionId}`);
  if (only.tagId !== undefined) parts.push(sql`${action} in (select ${actionTags.actionId} from ${actionTags} where ${actionTags.tagId} = ${only.tagId})`);
  if (only.delayed) parts.push(arrivedAfterDelay);
  return sql.join(parts, sql` and `);
}

/**
 * The answers of the business the caller sees, meeting the filters (and `only`), given in the
 * range, as rows of (team_id, task_id, action_id, answers, flagged, outside, late): answers
 * counted (inside the geofence), the flagged among them, those given outside, and the counted ones
 * delivered after their deadline.
 */
export function answerSource(scope: ReportScope, filter: ReportFilter, range: DateRange, only: AnswerNarrowing = {}): SQL {
  if (filter.users === undefined && scope.view === null && !only.delayed) {
    const t = answerSiteRollups;
    return sql`select ${t.teamId} as team_id, ${t.taskId} as task_id, ${t.actionId} as action_id,
        ${t.answers} as answers, ${t.flagged} as flagged, ${t.outside} as outside, ${t.late} as late
      from ${periodsOf(t, range, rollupConditions({ business: t.businessId, team: t.teamId, task: t.taskId }, scope, filter, narrowed(sql`${t.actionId}`, sql`true`, only)))}`;
  }
  // Held answers (kept, never counted) are left out, as the rollups leave them out.
  const r = actionResults;
  return sql`select ${r.teamId} as team_id, ${r.taskId} as task_id, ${r.actionId} as action_id,
      (not ${r.outside})::int as answers, (not ${r.outside} and ${r.isFlagged})::int as flagged, ${r.outside}::int as outside,
      (not ${r.outside} and ${r.late})::int as late
    from ${r} where ${answerConditions(scope, filter, narrowed(sql`${r.actionId}`, sql`${inRange(r.createdDate, range)} and ${r.held} is null`, only))}`;
}

/**
 * How many held answers (kept, never counted, so in no rollup) of the business the caller sees
 * meet the filters (and `only`) in the range: few, read through their partial index.
 */
export function heldAnswerCount(scope: ReportScope, filter: ReportFilter, range: DateRange, only: AnswerNarrowing = {}): SQL {
  const r = actionResults;
  return sql`select count(*) as n from ${r}
    where ${answerConditions(scope, filter, narrowed(sql`${r.actionId}`, sql`${r.held} is not null and ${inRange(r.createdDate, range)}`, only))}`;
}
