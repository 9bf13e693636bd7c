// Best, worst and load lists (DESIGN §8): schedules counted by status per member, site, project,
// task or plan, ranked best first by the load-aware score (shared ranking.ts: the completion rate
// pulled towards the list's average), then volume, then id, each with the average
// of its schedules' scores beside its rate. One statement per list whatever its size: the counts
// of a schedule source (report-source.ts: the rollups, or the schedules themselves) are summed by
// one of its columns (member, site, task or plan group), projects are then folded from sites
// (hundreds or thousands of rows, not the schedules), and the ranking is a window over that; the
// score sums of the matching score source are grouped the same way and joined to the page (of a
// list of members, read for the page's members only).
import { sql, type SQL } from 'drizzle-orm';
import { asPercent, RANKING_PRIOR_WEIGHT, rankingReason } from '@fieldops/shared/ranking';
import type { KpiKind, KpiOrder, KpiRanking } from '@fieldops/shared/reports';
import type { Db } from '../../../db/client.ts';
import { preparedSql } from '../../../db/prepared.ts';
import { businesses, teams } from '../../../db/schema.ts';
import { scheduleSiteRollups, scoreSiteRollups } from '../../../db/schema-rollups.ts';
import { completionRate, onlyRowOf, rowsOf, scoreSums, statusSums, toScoreCounts, toStatusCounts, type CountRow, type ScoreRow } from './report-filter.ts';
import { entityNamesOf, toEntityNames, type EntityNames, type NameRow } from './kpi-entities.repository.ts';
import { memberDaysSource, periodsJoin, scheduleSource, scoreSource, type ScheduleNeeds } from './report-source.ts';
import type { ReportFilter, ReportScope } from './report-filter.ts';
import type { DateRange } from './report-range.ts';

/** The source column a kind groups by first, and how its groups fold into the kind's entity. */
const GROUPING: Record<KpiKind, { column: SQL; fold?: { key: SQL; join: SQL } }> = {
  members: { column: sql`user_id` },
  teams: { column: sql`team_id` },
  tasks: { column: sql`task_id` },
  projects: { column: sql`team_id`, fold: { key: sql`${teams.projectId}`, join: sql`join ${teams} on ${teams.id} = g.key` } },
  // A group plan counts the schedules of all its member plans together.
  schedules: { column: sql`group_id` },
};

/** What a kind's list needs of a schedule source. */
export const KPI_NEEDS: Record<KpiKind, ScheduleNeeds> = {
  members: { user: true },
  teams: {},
  projects: {},
  tasks: { task: true },
  schedules: { task: true },
};

/** The `ranked` CTE: one row per entity with a schedule in `source`, with its best-first rank. */
function rankedCte(kind: KpiKind, source: SQL): SQL {
  const { column, fold } = GROUPING[kind];
  const grouped = sql`select ${column} as key, ${statusSums} from (${source}) src group by ${column} having sum(total) > 0`;
  const entities = fold
    ? sql`select ${fold.key} as key, sum(g.done) as done, sum(g.late) as late, sum(g.missed) as missed, sum(g.pending) as pending,
            sum(g."inProgress") as "inProgress", sum(g.total) as total
          from (${grouped}) g ${fold.join} group by ${fold.key}`
    : grouped;
  // The load-aware score (shared ranking.ts) against the sums of every entity ranked, in float8
  // (numeric arithmetic cost a list of ten thousand members a third more): every operand and
  // product is a whole number below 2^53, so exact, and the one division is correctly rounded, so
  // equal fractions give the same score and tie.
  const m = sql.raw(`${RANKING_PRIOR_WEIGHT}::float8`);
  const scored = sql`select w.*, (w.done::float8 * w.all_total + ${m} * w.all_done) / ((w.total::float8 + ${m}) * w.all_total) as score
    from (select e.*, (sum(e.done) over ())::float8 as all_done, (sum(e.total) over ())::float8 as all_total from (${entities}) e) w`;
  return sql`ranked as (
    select s.*, row_number() over (order by s.score desc, s.total desc, s.key) as rank
    from (${scored}) s)`;
}

/**
 * The `scored` CTE: one row per entity with a score in `scores` (a score source matching the
 * list's schedule source), its sums grouped and folded as the kind's schedules are.
 */
function scoredCte(kind: KpiKind, scores: SQL): SQL {
  const { column, fold } = GROUPING[kind];
  const grouped = sql`select ${column} as key, ${scoreSums} from (${scores}) src group by ${column}`;
  const entities = fold
    ? sql`select ${fold.key} as key, sum(g.scored) as scored, sum(g.percent_sum) as percent_sum, sum(g.passed) as passed, sum(g.failed) as failed
          from (${grouped}) g ${fold.join} group by ${fold.key}`
    : grouped;
  return sql`scored as (${entities})`;
}

/**
 * What a list reads: the schedules' counts and, for the same schedules, their scores, given the
 * entities (a bigint[] expression) whose scores are read: a source may read only theirs.
 */
export interface KpiSources {
  schedules: SQL;
  scores: (keys: SQL) => SQL;
}

/**
 * The sources of a list of `kind` for the caller's view, filters and range: the schedules, and
 * their scores; of a list of members, the scores of the members it names only (its page, or the
 * one member of a standing), each read by the member.
 */
export const kpiSources = (scope: ReportScope, filter: ReportFilter, range: DateRange, kind: KpiKind): KpiSources => ({
  schedules: scheduleSource(scope, filter, range, KPI_NEEDS[kind]),
  scores: (keys) => scoreSource(scope, filter, range, KPI_NEEDS[kind], kind === 'members' ? keys : undefined),
});

export interface RankedRow extends CountRow, ScoreRow {
  key: unknown;
  rank: unknown;
  /** The load-aware score the rank was given (a fraction), and the sums of every entity ranked: the average it is pulled towards. */
  score: unknown;
  all_done: unknown;
  all_total: unknown;
}

export interface RankedEntity {
  id: number;
  rank: number;
  counts: ReturnType<typeof toStatusCounts> & ReturnType<typeof toScoreCounts>;
  ranking: KpiRanking;
  names: EntityNames;
}

/** How a ranked row's score came about: the score the statement ranked by, its counts and those of the whole list. */
function rankingOf(r: Pick<RankedRow, 'done' | 'total' | 'score' | 'all_done' | 'all_total'>): KpiRanking {
  const own = { done: Number(r.done), total: Number(r.total) };
  const all = { done: Number(r.all_done), total: Number(r.all_total) };
  return {
    score: asPercent(Number(r.score)),
    average: completionRate(all.done, all.total),
    weight: RANKING_PRIOR_WEIGHT,
    reason: rankingReason(own, all),
  };
}

const toRanked = (r: RankedRow & NameRow): RankedEntity => ({
  id: Number(r.key),
  rank: Number(r.rank),
  counts: { ...toStatusCounts(r), ...toScoreCounts(r) },
  ranking: rankingOf(r),
  names: toEntityNames(Number(r.key), r),
});

const ORDER: Record<KpiOrder | 'worst', SQL> = {
  rate: sql`rank`,
  // Worst first: the lowest score, and among equal scores the larger volume first, as in the best list.
  worst: sql`score asc, total desc, key`,
  load: sql`total desc, key`,
};

/** One page of ranked entities of the business in the asked order with their scores and names, and how many are ranked. */
export async function findRanked(
  db: Db,
  kind: KpiKind,
  businessId: number,
  sources: KpiSources,
  order: KpiOrder | 'worst',
  page: { page: number; size: number },
) {
  const rows = rowsOf<RankedRow & NameRow & { ranked: unknown }>(
    await db.execute(sql`with ${rankedCte(kind, sources.schedules)},
      page as (select *, count(*) over () as ranked from ranked order by ${ORDER[order]} limit ${page.size} offset ${page.page * page.size}),
      ${scoredCte(kind, sources.scores(sql`array(select key from page)::bigint[]`))}
      select page.*, s.scored, s.percent_sum, s.passed, s.failed, n.name, n.name_en, n.name_ar, n.context
      from page left join scored s on s.key = page.key left join lateral (${entityNamesOf(kind, businessId, sql`page.key`)}) n on true
      order by ${ORDER[order]}`),
  );
  // An empty page past the end still has to say how many there are.
  const [first] = rows;
  const total = first ? Number(first.ranked) : page.page === 0 ? 0 : await countRanked(db, kind, sources.schedules);
  return { items: rows.map(toRanked), total };
}

/** Every entity with a schedule in the sources, with its completion rate and schedule count, in id order. */
export async function findCompletions(db: Db, kind: KpiKind, sources: KpiSources) {
  const rows = rowsOf<{ key: unknown; done: unknown; total: unknown }>(
    await db.execute(sql`with ${rankedCte(kind, sources.schedules)} select key, done, total from ranked order by key`),
  );
  return rows.map((r) => ({ id: Number(r.key), completionRate: completionRate(Number(r.done), Number(r.total)), total: Number(r.total) }));
}

async function countRanked(db: Db, kind: KpiKind, source: SQL) {
  const row = onlyRowOf<{ n: unknown }>(await db.execute(sql`with ${rankedCte(kind, source)} select count(*) as n from ranked`));
  return Number(row.n);
}

/** One entity's counts, scores and rank (null when it has no schedule in the sources), and how many are ranked. */
export async function findStanding(db: Db, kind: KpiKind, sources: KpiSources, id: number) {
  const row = onlyRowOf<Partial<RankedRow> & { ranked: unknown }>(
    await db.execute(sql`with ${rankedCte(kind, sources.schedules)}, ${scoredCte(kind, sources.scores(sql`array[${id}]::bigint[]`))}
      select r.*, s.scored, s.percent_sum, s.passed, s.failed, (select count(*) from ranked) as ranked
      from (select 1) one left join ranked r on r.key = ${id} left join scored s on s.key = ${id}`),
  );
  const ranked = row.rank !== null && row.rank !== undefined;
  return {
    rank: ranked ? Number(row.rank) : null,
    counts: { ...toStatusCounts(row as CountRow), ...toScoreCounts(row) },
    ranking: ranked ? rankingOf(row as RankedRow) : null,
    ranked: Number(row.ranked),
  };
}

/**
 * The best-first rank of each of `ids` over the last 30 days (in the business's time zone)
 * across the whole business, in one statement; ids with no schedule in that time have none.
 */
export async function ranksOverLastMonth(db: Db, businessId: number, kind: 'members' | 'projects' | 'teams', ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>();
  // Built once per kind (a list page asks for it on every request); the values are placeholders.
  // The business-wide rollups hold what it needs: members by member, sites and projects by site.
  const statement = preparedSql(db, `ranks-last-month:${kind}`, () => {
    const business = sql.placeholder('businessId');
    const zone = sql`(select ${businesses.timeZone} from ${businesses} where ${businesses.id} = ${business})`;
    const today = sql`(now() at time zone ${zone})::date`;
    const t = scheduleSiteRollups;
    const source =
      kind === 'members'
        ? memberDaysSource(sql`${today} - 29`, today, (c) => sql`${c.business} = ${business}`)
        : sql`select ${t.teamId} as team_id, ${t.done} as done, ${t.late} as late, ${t.missed} as missed, ${t.pending} as pending, ${t.inProgress} as in_progress, ${t.total} as total
      from ${periodsJoin(t, sql`${today} - 29`, today, sql`${t.businessId} = ${business}`)}`;
    return sql`with ${rankedCte(kind, source)} select key, rank from ranked where key = any(${sql.placeholder('ids')}::bigint[])`;
  });
  const rows = rowsOf<{ key: unknown; rank: unknown }>(await statement.execute({ businessId, ids }));
  return new Map(rows.map((r) => [Number(r.key), Number(r.rank)]));
}

/**
 * The completion rate (done of all, as a percentage) of each of `ids`' schedules over the last
 * 30 days in the business's time zone, from the daily rollups; tasks with no schedule in that
 * time have none.
 */
export async function completionOverLastMonth(db: Db, businessId: number, taskIds: readonly number[]) {
  if (taskIds.length === 0) return new Map<number, number>();
  const statement = preparedSql(db, 'task-completion-last-month', () => {
    const business = sql.placeholder('businessId');
    const zone = sql`(select ${businesses.timeZone} from ${businesses} where ${businesses.id} = ${business})`;
    const today = sql`(now() at time zone ${zone})::date`;
    const t = scheduleSiteRollups;
    return sql`select ${t.taskId} as key, sum(${t.done}) as done, sum(${t.total}) as total
      from ${periodsJoin(t, sql`${today} - 29`, today, sql`${t.businessId} = ${business} and ${t.taskId} = any(${sql.placeholder('ids')}::bigint[])`)}
      group by ${t.taskId} having sum(${t.total}) > 0`;
  });
  const rows = rowsOf<{ key: unknown; done: unknown; total: unknown }>(await statement.execute({ businessId, ids: taskIds }));
  return new Map(rows.map((r) => [Number(r.key), completionRate(Number(r.done), Number(r.total))]));
}

/**
 * The average score of the finished inspections of each of `ids` (tasks, sites or projects) over
 * the last 30 days in the business's time zone, from the score rollups (the schedules' start
 * decides the day, as for the completion rate); ids with nothing scored in that time have none.
 */
export async function scoresOverLastMonth(db: Db, businessId: number, kind: 'tasks' | 'projects' | 'teams', ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const statement = preparedSql(db, `scores-last-month:${kind}`, () => {
    const business = sql.placeholder('businessId');
    const wanted = sql`${sql.placeholder('ids')}::bigint[]`;
    const zone = sql`(select ${businesses.timeZone} from ${businesses} where ${businesses.id} = ${business})`;
    const today = sql`(now() at time zone ${zone})::date`;
    const t = scoreSiteRollups;
    // A project's scores are those of its sites.
    const projectOf = sql`(select ${teams.projectId} from ${teams} where ${teams.id} = ${t.teamId})`;
    const key = kind === 'tasks' ? sql`${t.taskId}` : kind === 'teams' ? sql`${t.teamId}` : projectOf;
    const which =
      kind === 'projects'
        ? sql`${t.teamId} in (select ${teams.id} from ${teams} where ${teams.businessId} = ${business} and ${teams.projectId} = any(${wanted}))`
        : sql`${key} = any(${wanted})`;
    return sql`select ${key} as key, sum(${t.scored}) as scored, sum(${t.percentSum}) as percent_sum
      from ${periodsJoin(t, sql`${today} - 29`, today, sql`${t.businessId} = ${business} and ${which}`)}
      group by 1 having sum(${t.scored}) > 0`;
  });
  const rows = rowsOf<{ key: unknown } & Pick<ScoreRow, 'scored' | 'percent_sum'>>(await statement.execute({ businessId, ids }));
  return new Map(
    rows.flatMap((r) => {
      const { averageScore } = toScoreCounts(r);
      return averageScore === null ? [] : [[Number(r.key), averageScore] as const];
    }),
  );
}
