// Report queries other than the ranked lists: schedules by status and their scores (a total, or a
// day at a time), the schedules open right now, the organisation counts, and answer and tag
// counts. Each is one aggregate over a source of counts (report-source.ts) or, for the open
// schedules, their index.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { businessMembers, projects, teamMembers, teams } from '../../../db/schema.ts';
import { schedules } from '../../../db/schema-schedules.ts';
import { actions, actionTags, tags, tasks } from '../../../db/schema-workflow.ts';
import { onlyRowOf, rowsOf, scoreSums, statusSums, toScoreCounts, toStatusCounts, type CountRow, type ScoreRow } from './report-filter.ts';

/** The schedules of a source (report-source.ts) by status. */
export async function countByStatus(db: Db, source: SQL) {
  const [row] = rowsOf<CountRow>(await db.execute(sql`select ${statusSums} from (${source}) src`));
  return toStatusCounts(row);
}

/** Counts by status for each local day with schedules, from a daily source (report-source.ts). */
export async function countByDay(db: Db, daily: SQL) {
  const rows = rowsOf<{ day: unknown; done: unknown; late: unknown; missed: unknown; pending: unknown; in_progress: unknown; total: unknown }>(
    await db.execute(daily),
  );
  return new Map(rows.map((r) => [String(r.day), toStatusCounts({ ...r, inProgress: r.in_progress })]));
}

/** The scores of a score source (report-source.ts), summed. */
export async function countScores(db: Db, source: SQL) {
  const [row] = rowsOf<ScoreRow>(await db.execute(sql`select ${scoreSums} from (${source}) src`));
  return toScoreCounts(row);
}

/** Score sums for each local day with scores, from a daily score source (report-source.ts). */
export async function countScoresByDay(db: Db, daily: SQL) {
  const rows = rowsOf<ScoreRow & { day: unknown }>(await db.execute(daily));
  return new Map(rows.map((r) => [String(r.day), toScoreCounts(r)]));
}

/**
 * Schedules meeting `where` that are open now: started, before their deadline, not done or missed.
 * Of a business's open schedules few have started, so this reads the (business, start) range of
 * the open index up to now, about a millisecond. The deadline is tested as a value, not an index
 * condition: the planner otherwise takes the engine's deadline index for the few it expects
 * after now (its histogram is coarse at the newest values) and visits every open schedule of every
 * business due later, 35–100 ms at ten million answers.
 */
export async function countOpen(db: Db, where: SQL, now: Date) {
  const row = onlyRowOf<{ n: unknown }>(
    await db.execute(sql`select count(*) as n from ${schedules}
      where ${where} and ${schedules.status} in ('pending', 'inProgress') and ${schedules.start} <= ${now} and (${schedules.deadline} > ${now}) is true`),
  );
  return Number(row.n);
}

/**
 * Every answer of an answer source, counted or not (what a list of them holds), plus the one
 * count of `more` (a `select count(*)` statement), in one statement.
 */
export async function countAnswerRows(db: Db, source: SQL, more: SQL = sql`select 0`) {
  const row = onlyRowOf<{ n: unknown }>(await db.execute(sql`select coalesce(sum(answers + outside), 0) + (${more}) as n from (${source}) src`));
  return Number(row.n);
}

/** Counted answers of an answer source (report-source.ts), and how many of them are flagged or were delivered late. */
export async function countAnswers(db: Db, source: SQL) {
  const row = onlyRowOf<{ answers: unknown; flagged: unknown; late: unknown }>(
    await db.execute(
      sql`select coalesce(sum(answers), 0) as answers, coalesce(sum(flagged), 0) as flagged, coalesce(sum(late), 0) as late from (${source}) src`,
    ),
  );
  return { answers: Number(row.answers), flagged: Number(row.flagged), lateAnswers: Number(row.late) };
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
  const row = onlyRowOf<{ projects: unknown; teams: unknown; members: unknown }>(await db.execute(query));
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
  late: unknown;
  total: unknown;
}

/** Actions with answers in a source, most counted answers first (then id), one page and how many. */
export async function findActionKpis(db: Db, source: SQL, page: { page: number; size: number }) {
  const rows = rowsOf<ActionKpiRow>(
    await db.execute(sql`
      with a as (
        select action_id as id, sum(answers) as answers, sum(flagged) as flagged, sum(outside) as outside, sum(late) as late
        from (${source}) src group by action_id having sum(answers) + sum(outside) > 0),
      page as (select a.*, count(*) over () as total from a order by answers desc, id limit ${page.size} offset ${page.page * page.size})
      select page.*, ${actions.nameEn} as name_en, ${actions.nameAr} as name_ar, ${actions.type} as type, ${actions.taskId} as task_id,
        ${tasks.nameEn} as task_name_en, ${tasks.nameAr} as task_name_ar
      from page join ${actions} on ${actions.id} = page.id join ${tasks} on ${tasks.id} = ${actions.taskId}
      order by answers desc, page.id`),
  );
  const [first] = rows;
  const total = first ? Number(first.total) : await countAnsweredActions(db, source);
  return { rows, total };
}

async function countAnsweredActions(db: Db, source: SQL) {
  const row = onlyRowOf<{ n: unknown }>(
    await db.execute(sql`select count(*) as n from (select action_id from (${source}) src group by action_id having sum(answers) + sum(outside) > 0) a`),
  );
  return Number(row.n);
}

/** Tags of the business with their actions and the counted answers of a source, most answered first. */
export async function findTagKpis(db: Db, businessId: number, source: SQL, page: { page: number; size: number }) {
  const rows = rowsOf<{ id: unknown; name_en: string; name_ar: string; actions: unknown; answers: unknown; total: unknown }>(
    await db.execute(sql`
      with answered as (select action_id, sum(answers) as n from (${source}) src group by action_id),
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
  const [first] = rows;
  const total = first ? Number(first.total) : await countTags(db, businessId);
  return {
    items: rows.map((r) => ({ id: Number(r.id), nameEn: r.name_en, nameAr: r.name_ar, actions: Number(r.actions), answers: Number(r.answers) })),
    total,
  };
}

async function countTags(db: Db, businessId: number) {
  const row = onlyRowOf<{ n: unknown }>(await db.execute(sql`select count(*) as n from ${tags} where ${tags.businessId} = ${businessId}`));
  return Number(row.n);
}

/** The tag of the business, or null. */
export async function findTag(db: Db, businessId: number, id: number) {
  const [row] = rowsOf<{ id: unknown }>(
    await db.execute(sql`select ${tags.id} as id from ${tags} where ${tags.businessId} = ${businessId} and ${tags.id} = ${id}`),
  );
  return row ? Number(row.id) : null;
}
