// Best, worst and load lists (DESIGN §8): schedules counted by status per member, site, project,
// task or plan, ranked best first by completion rate, then volume, then id. One statement per
// list whatever its size: the schedules are grouped by one column of the report index (member,
// site, task or plan), projects and group plans are then folded from sites and member plans
// (hundreds or thousands of rows, not the schedules), and the ranking is a window over that.
import { sql, type SQL } from 'drizzle-orm';
import type { KpiKind, KpiOrder } from '@fieldops/shared/reports';
import type { Db } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { businesses, teams } from '../../db/schema.ts';
import { executionPlans, schedules } from '../../db/schema-schedules.ts';
import { rowsOf, statusAggregates, toStatusCounts, type CountRow } from './report-filter.ts';

/** The schedules column a kind groups by first, and how its groups fold into the kind's entity. */
const GROUPING: Record<KpiKind, { column: SQL; fold?: SQL }> = {
  members: { column: sql`${schedules.userId}` },
  teams: { column: sql`${schedules.teamId}` },
  tasks: { column: sql`${schedules.taskId}` },
  projects: { column: sql`${schedules.teamId}`, fold: sql`join ${teams} on ${teams.id} = g.key group by ${teams.projectId}` },
  // A group plan counts the schedules of all its member plans together.
  schedules: {
    column: sql`${schedules.planId}`,
    fold: sql`join ${executionPlans} on ${executionPlans.id} = g.key group by coalesce(${executionPlans.parentId}, ${executionPlans.id})`,
  },
};

const FOLD_KEY: Partial<Record<KpiKind, SQL>> = {
  projects: sql`${teams.projectId}`,
  schedules: sql`coalesce(${executionPlans.parentId}, ${executionPlans.id})`,
};

/** The `ranked` CTE: one row per entity with a schedule meeting `where`, with its best-first rank. */
function rankedCte(kind: KpiKind, where: SQL): SQL {
  const { column, fold } = GROUPING[kind];
  const grouped = sql`select ${column} as key, ${statusAggregates} from ${schedules} where ${where} group by ${column}`;
  const entities = fold
    ? sql`select ${FOLD_KEY[kind]} as key, sum(g.done) as done, sum(g.missed) as missed, sum(g.pending) as pending,
            sum(g."inProgress") as "inProgress", sum(g.total) as total
          from (${grouped}) g ${fold}`
    : grouped;
  return sql`ranked as (
    select e.*, row_number() over (order by e.done::float8 / e.total desc, e.total desc, e.key) as rank
    from (${entities}) e)`;
}

export interface RankedRow extends CountRow {
  key: unknown;
  rank: unknown;
}

export interface RankedEntity {
  id: number;
  rank: number;
  counts: ReturnType<typeof toStatusCounts>;
}

const toRanked = (r: RankedRow): RankedEntity => ({ id: Number(r.key), rank: Number(r.rank), counts: toStatusCounts(r) });

const ORDER: Record<KpiOrder | 'worst', SQL> = {
  rate: sql`rank`,
  // Worst first: the lowest rate, and among equal rates the larger volume first, as in the best list.
  worst: sql`done::float8 / total asc, total desc, key`,
  load: sql`total desc, key`,
};

/** One page of ranked entities in the asked order, and how many are ranked. */
export async function findRanked(db: Db, kind: KpiKind, where: SQL, order: KpiOrder | 'worst', page: { page: number; size: number }) {
  const rows = rowsOf<RankedRow & { ranked: unknown }>(
    await db.execute(sql`with ${rankedCte(kind, where)}
      select *, count(*) over () as ranked from ranked order by ${ORDER[order]} limit ${page.size} offset ${page.page * page.size}`),
  );
  // An empty page past the end still has to say how many there are.
  const total = rows.length > 0 ? Number(rows[0].ranked) : page.page === 0 ? 0 : await countRanked(db, kind, where);
  return { items: rows.map(toRanked), total };
}

async function countRanked(db: Db, kind: KpiKind, where: SQL) {
  const [row] = rowsOf<{ n: unknown }>(await db.execute(sql`with ${rankedCte(kind, where)} select count(*) as n from ranked`));
  return Number(row.n);
}

/** One entity's counts and rank (null when it has no schedule meeting `where`), and how many are ranked. */
export async function findStanding(db: Db, kind: KpiKind, where: SQL, id: number) {
  const [row] = rowsOf<Partial<RankedRow> & { ranked: unknown }>(
    await db.execute(sql`with ${rankedCte(kind, where)}
      select r.*, (select count(*) from ranked) as ranked from (select 1) one left join ranked r on r.key = ${id}`),
  );
  return {
    rank: row.rank === null || row.rank === undefined ? null : Number(row.rank),
    counts: toStatusCounts(row as CountRow),
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
  const statement = preparedSql(db, `ranks-last-month:${kind}`, () => {
    const business = sql.placeholder('businessId');
    const zone = sql`(select ${businesses.timeZone} from ${businesses} where ${businesses.id} = ${business})`;
    const today = sql`(now() at time zone ${zone})::date`;
    const where = sql`${schedules.businessId} = ${business}
      and ${schedules.start} >= ((${today} - 29)::timestamp at time zone ${zone})
      and ${schedules.start} < ((${today} + 1)::timestamp at time zone ${zone})`;
    return sql`with ${rankedCte(kind, where)} select key, rank from ranked where key = any(${sql.placeholder('ids')}::bigint[])`;
  });
  const rows = rowsOf<{ key: unknown; rank: unknown }>(await statement.execute({ businessId, ids }));
  return new Map(rows.map((r) => [Number(r.key), Number(r.rank)]));
}
