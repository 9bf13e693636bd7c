// The conditions every report applies: the business, the caller's view (policies/schedules.ts), the
// projects / sites / members / task filters and the date range. They read only columns that the
// report indexes carry (business, instant, site, member, task), so a report is an index-only scan.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ScoreCounts, StatusCounts } from '@fieldops/shared/reports';
import { bigintArray } from '../../../db/client.ts';
import { teams } from '../../../db/schema.ts';
import { actionResults, scheduleScores, schedules } from '../../../db/schema-schedules.ts';
import { scopeCondition, type ViewScope } from '../../../policies/schedules.ts';

export interface ReportFilter {
  projects?: number[];
  teams?: number[];
  users?: number[];
  task?: number;
}

/** Who sees what: the business always, and the caller's view when it is narrower than the business. */
export interface ReportScope {
  businessId: number;
  view: ViewScope | null;
}

/** The columns the conditions read; a rollup without the member or the task is never asked for them. */
interface Columns {
  business: AnyPgColumn;
  team: AnyPgColumn;
  user?: AnyPgColumn;
  task?: AnyPgColumn;
}

function column(columns: Columns, name: 'user' | 'task'): AnyPgColumn {
  const found = columns[name];
  if (!found) throw new Error(`a report filtered by ${name} read a source without it`);
  return found;
}

function conditions(columns: Columns, scope: ReportScope, filter: ReportFilter, when: SQL): SQL {
  const parts: (SQL | undefined)[] = [
    sql`${columns.business} = ${scope.businessId}`,
    when,
    scope.view ? scopeCondition(scope.view, columns.team, column(columns, 'user')) : undefined,
    filter.users ? sql`${column(columns, 'user')} = any(${bigintArray(filter.users)})` : undefined,
    filter.teams ? sql`${columns.team} = any(${bigintArray(filter.teams)})` : undefined,
    filter.projects
      ? sql`${columns.team} in (select ${teams.id} from ${teams} where ${teams.businessId} = ${scope.businessId} and ${teams.projectId} = any(${bigintArray(filter.projects)}))`
      : undefined,
    filter.task ? sql`${column(columns, 'task')} = ${filter.task}` : undefined,
  ];
  return sql.join(
    parts.filter((p): p is SQL => p !== undefined).map((p) => sql`(${p})`),
    sql` and `,
  );
}

/** A `when` every instant meets. */
export const ANY_TIME = sql`true`;

/** Schedules of the business the caller sees, meeting the filters, whose start meets `when`. */
export const scheduleConditions = (scope: ReportScope, filter: ReportFilter, when: SQL) =>
  conditions({ business: schedules.businessId, team: schedules.teamId, user: schedules.userId, task: schedules.taskId }, scope, filter, when);

/** Answers of the business the caller sees, meeting the filters, whose creation meets `when`. */
export const answerConditions = (scope: ReportScope, filter: ReportFilter, when: SQL) =>
  conditions({ business: actionResults.businessId, team: actionResults.teamId, user: actionResults.userId, task: actionResults.taskId }, scope, filter, when);

/** Kept scores of the business the caller sees, meeting the filters, whose schedule's start meets `when`. */
export const scoreConditions = (scope: ReportScope, filter: ReportFilter, when: SQL) =>
  conditions(
    { business: scheduleScores.businessId, team: scheduleScores.teamId, user: scheduleScores.userId, task: scheduleScores.taskId },
    scope,
    filter,
    when,
  );

/** Rollup rows of the business the caller sees, meeting the filters, for the periods in `when`. */
export const rollupConditions = (columns: Columns, scope: ReportScope, filter: ReportFilter, when: SQL) => conditions(columns, scope, filter, when);

/** The aggregate columns summing a schedule source's counts by status (report-source.ts). */
export const statusSums = sql`
  sum(done) as done, sum(late) as late, sum(missed) as missed, sum(pending) as pending, sum(in_progress) as "inProgress", sum(total) as total`;

export interface CountRow {
  done: unknown;
  late: unknown;
  missed: unknown;
  pending: unknown;
  inProgress: unknown;
  total: unknown;
}

/** done / total as a percentage rounded to one decimal; 0 when there is nothing to count. */
export const completionRate = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 1000) / 10);

export function toStatusCounts(row: CountRow | undefined): StatusCounts {
  const n = (v: unknown) => Number(v ?? 0);
  const done = n(row?.done);
  const total = n(row?.total);
  return {
    done,
    late: n(row?.late),
    missed: n(row?.missed),
    pending: n(row?.pending),
    inProgress: n(row?.inProgress),
    total,
    completionRate: completionRate(done, total),
  };
}

/** The rows of a raw query, whichever driver ran it. */
export { onlyRowOf, rowsOf } from '../../../db/client.ts';

/** The aggregate columns summing a score source's sums (report-source.ts). */
export const scoreSums = sql`
  sum(scored) as scored, sum(percent_sum) as percent_sum, sum(passed) as passed, sum(failed) as failed`;

export interface ScoreRow {
  scored: unknown;
  percent_sum: unknown;
  passed: unknown;
  failed: unknown;
}

/** A share as a percentage rounded to one decimal, or null when there is nothing to share. */
const percentOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** Score sums as the reports give them: the average percentage and the pass rate, each null when nothing counts for it. */
export function toScoreCounts(row: Partial<ScoreRow> | undefined): ScoreCounts {
  const n = (v: unknown) => Number(v ?? 0);
  const scored = n(row?.scored);
  const passed = n(row?.passed);
  const failed = n(row?.failed);
  return {
    scored,
    averageScore: scored === 0 ? null : Math.round((n(row?.percent_sum) / scored) * 10) / 10,
    passed,
    failed,
    passRate: percentOf(passed, passed + failed),
  };
}
