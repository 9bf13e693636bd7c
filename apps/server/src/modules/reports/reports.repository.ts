// Report queries other than the ranked lists: schedules by status (a total, or a day at a time),
// the schedules open right now, the organisation counts, and answer and tag counts. Each is one
// aggregate over the report indexes.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessMembers, projects, teamMembers, teams } from '../../db/schema.ts';
import { actionResults, schedules } from '../../db/schema-schedules.ts';
import { actions, actionTags, tags, tasks } from '../../db/schema-workflow.ts';
import type { DateRange } from './report-range.ts';
import { rowsOf, statusAggregates, toStatusCounts, type CountRow } from './report-filter.ts';

export async function countByStatus(db: Db, where: SQL) {
  const [row] = rowsOf<CountRow>(await db.execute(sql`select ${statusAggregates} from ${schedules} where ${where}`));
  return toStatusCounts(row);
}

/**
 * Counts by status for each local day of the range that has schedules. The schedules are first
 * counted per quarter hour (plain arithmetic on the instant; every time zone's offset is a
 * whole number of quarter hours), and only those few buckets are turned into local days.
 */
export async function countByDay(db: Db, where: SQL, range: DateRange) {
  const rows = rowsOf<CountRow & { day: unknown }>(
    await db.execute(sql`
      select to_char((q.bucket at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as day,
        sum(q.done) as done, sum(q.missed) as missed, sum(q.pending) as pending, sum(q."inProgress") as "inProgress", sum(q.total) as total
      from (
        select date_bin('15 minutes', ${schedules.start}, timestamptz '2000-01-01T00:00:00Z') as bucket, ${statusAggregates}
        from ${schedules} where ${where} group by 1) q
      group by 1`),
  );
  return new Map(rows.map((r) => [String(r.day), toStatusCounts(r)]));
}

/** Schedules meeting `where` that are open now: started, before their deadline, not done or missed. */
export async function countOpen(db: Db, where: SQL, now: Date) {
  const [row] = rowsOf<{ n: unknown }>(
    await db.execute(sql`select count(*) as n from ${schedules}
      where ${where} and ${schedules.status} in ('pending', 'inProgress') and ${schedules.start} <= ${now} and ${schedules.deadline} > ${now}`),
  );
  return Number(row.n);
}

/** Counted answers meeting `where`, and how many of them are flagged. */
export async function countAnswers(db: Db, where: SQL) {
  const [row] = rowsOf<{ answers: unknown; flagged: unknown }>(
    await db.execute(sql`select count(*) as answers, count(*) filter (where ${actionResults.isFlagged}) as flagged
      from ${actionResults} where ${where} and not ${actionResults.outside}`),
  );
  return { answers: Number(row.answers), flagged: Number(row.flagged) };
}

/** What the organisation counts are narrowed to: a project, a site or a member; nothing is the business. */
export type OrgFilter = { projectId: number } | { teamId: number } | { userId: number } | null;

/** Projects, sites and members of the business, or of the project, site or member in `filter`. */
export async function countOrganisation(db: Db, businessId: number, filter: OrgFilter) {
  let query: SQL;
  if (filter === null) {
    query = sql`select
      (select count(*) from ${projects} where ${projects.businessId} = ${businessId}) as projects,
      (select count(*) from ${teams} where ${teams.businessId} = ${businessId}) as teams,
      (select count(*) from ${businessMembers} where ${businessMembers.businessId} = ${businessId}) as members`;
  } else {
    // The sites the counts cover; the projects and members are those of these sites.
    const sites =
      'projectId' in filter
        ? sql`select ${teams.id} as id, ${teams.projectId} as project_id from ${teams} where ${teams.businessId} = ${businessId} and ${teams.projectId} = ${filter.projectId}`
        : 'teamId' in filter
          ? sql`select ${teams.id} as id, ${teams.projectId} as project_id from ${teams} where ${teams.businessId} = ${businessId} and ${teams.id} = ${filter.teamId}`
          : sql`select ${teams.id} as id, ${teams.projectId} as project_id from ${teams}
              join ${teamMembers} on ${teamMembers.teamId} = ${teams.id}
              where ${teams.businessId} = ${businessId} and ${teamMembers.userId} = ${filter.userId}`;
    const projectsCount = 'projectId' in filter ? sql`1` : sql`(select count(distinct project_id) from sites)`;
    const membersCount =
      'userId' in filter
        ? sql`1`
        : sql`(select count(distinct ${teamMembers.userId}) from ${teamMembers} where ${teamMembers.teamId} in (select id from sites))`;
    query = sql`with sites as (${sites}) select ${projectsCount} as projects, (select count(*) from sites) as teams, ${membersCount} as members`;
  }
  const [row] = rowsOf<{ projects: unknown; teams: unknown; members: unknown }>(await db.execute(query));
  return { projects: Number(row.projects), teams: Number(row.teams), members: Number(row.members) };
}

export interface ActionKpiRow {
  id: unknown;
  name_en: string | null;
  name_ar: string | null;
  type: string;
  task_id: unknown;
  task_name_en: string | null;
  task_name_ar: string | null;
  answers: unknown;
  flagged: unknown;
  outside: unknown;
  total: unknown;
}

/** Actions with answers meeting `where`, most counted answers first (then id), one page and how many. */
export async function findActionKpis(db: Db, where: SQL, page: { page: number; size: number }) {
  const rows = rowsOf<ActionKpiRow>(
    await db.execute(sql`
      with a as (
        select ${actionResults.actionId} as id,
          count(*) filter (where not ${actionResults.outside}) as answers,
          count(*) filter (where not ${actionResults.outside} and ${actionResults.isFlagged}) as flagged,
          count(*) filter (where ${actionResults.outside}) as outside
        from ${actionResults} where ${where} group by ${actionResults.actionId}),
      page as (select a.*, count(*) over () as total from a order by answers desc, id limit ${page.size} offset ${page.page * page.size})
      select page.*, ${actions.nameEn} as name_en, ${actions.nameAr} as name_ar, ${actions.type} as type, ${actions.taskId} as task_id,
        ${tasks.nameEn} as task_name_en, ${tasks.nameAr} as task_name_ar
      from page join ${actions} on ${actions.id} = page.id join ${tasks} on ${tasks.id} = ${actions.taskId}
      order by answers desc, page.id`),
  );
  const total = rows.length > 0 ? Number(rows[0].total) : await countAnsweredActions(db, where);
  return { rows, total };
}

async function countAnsweredActions(db: Db, where: SQL) {
  const [row] = rowsOf<{ n: unknown }>(await db.execute(sql`select count(distinct ${actionResults.actionId}) as n from ${actionResults} where ${where}`));
  return Number(row.n);
}

/** Tags of the business with their actions and the counted answers meeting `where`, most answered first. */
export async function findTagKpis(db: Db, businessId: number, where: SQL, page: { page: number; size: number }) {
  const rows = rowsOf<{ id: unknown; name_en: string; name_ar: string; actions: unknown; answers: unknown; total: unknown }>(
    await db.execute(sql`
      with answered as (
        select ${actionResults.actionId} as action_id, count(*) as n
        from ${actionResults} where ${where} and not ${actionResults.outside} group by ${actionResults.actionId}),
      by_tag as (
        select ${actionTags.tagId} as tag_id, count(*) as actions, coalesce(sum(answered.n), 0) as answers
        from ${actionTags} left join answered on answered.action_id = ${actionTags.actionId}
        where ${actionTags.businessId} = ${businessId} group by ${actionTags.tagId})
      select ${tags.id} as id, ${tags.nameEn} as name_en, ${tags.nameAr} as name_ar,
        coalesce(by_tag.actions, 0) as actions, coalesce(by_tag.answers, 0) as answers, count(*) over () as total
      from ${tags} left join by_tag on by_tag.tag_id = ${tags.id}
      where ${tags.businessId} = ${businessId}
      order by answers desc, ${tags.id} limit ${page.size} offset ${page.page * page.size}`),
  );
  const total = rows.length > 0 ? Number(rows[0].total) : await countTags(db, businessId);
  return {
    items: rows.map((r) => ({ id: Number(r.id), nameEn: r.name_en, nameAr: r.name_ar, actions: Number(r.actions), answers: Number(r.answers) })),
    total,
  };
}

async function countTags(db: Db, businessId: number) {
  const [row] = rowsOf<{ n: unknown }>(await db.execute(sql`select count(*) as n from ${tags} where ${tags.businessId} = ${businessId}`));
  return Number(row.n);
}

/** The tag of the business, or null. */
export async function findTag(db: Db, businessId: number, id: number) {
  const [row] = rowsOf<{ id: unknown }>(await db.execute(sql`select ${tags.id} as id from ${tags} where ${tags.businessId} = ${businessId} and ${tags.id} = ${id}`));
  return row ? Number(row.id) : null;
}

/** Answers to actions carrying the tag. */
export const carriesTag = (tagId: number) =>
  sql`${actionResults.actionId} in (select ${actionTags.actionId} from ${actionTags} where ${actionTags.tagId} = ${tagId})`;
