// The queries behind a member's tasks by project, always scoped by business: the member's plans
// counted per project, task and site (with how many still bring work), and their schedules that
// started in the period counted the same way by outcome. Two grouped queries, whatever the number
// of plans.
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { businesses, projects, teams } from '../../../db/schema.ts';
import { executionPlans as p, schedules as s } from '../../../db/schema-schedules.ts';
import { tasks } from '../../../db/schema-workflow.ts';
import { planStatusSql } from './plan-status.ts';

/** One project, task and site of the member, with names. */
interface PlaceRow {
  projectId: number;
  projectName: string;
  taskId: number;
  taskNameEn: string | null;
  taskNameAr: string | null;
  siteId: number;
  siteName: string;
}

export interface PlanCountRow extends PlaceRow {
  plans: number;
  activePlans: number;
}

export interface ScheduleCountRow extends PlaceRow {
  done: number;
  late: number;
  missed: number;
  open: number;
  total: number;
}

const n = (value: SQL<unknown>) => value.mapWith(Number);

/** Where a count belongs: the project, the task (both names) and the site. */
const placeColumns = {
  projectId: projects.id,
  projectName: projects.name,
  taskId: tasks.id,
  taskNameEn: tasks.nameEn,
  taskNameAr: tasks.nameAr,
  siteId: teams.id,
  siteName: teams.name,
};

/** The member's own plans (not the groups they are in) that `visible` lets through, by project, task and site. */
export async function countMemberPlans(db: Db, businessId: number, userId: number, now: Date, visible: SQL | undefined): Promise<PlanCountRow[]> {
  const status = planStatusSql(now);
  return db
    .select({
      ...placeColumns,
      plans: count(),
      activePlans: n(sql`count(*) filter (where (${status}) in ('ACTIVE', 'RUNNING', 'UPCOMING'))`),
    })
    .from(p)
    .innerJoin(businesses, eq(businesses.id, p.businessId))
    .innerJoin(tasks, eq(tasks.id, p.taskId))
    .innerJoin(teams, eq(teams.id, p.teamId))
    .innerJoin(projects, eq(projects.id, teams.projectId))
    .where(and(eq(p.businessId, businessId), eq(p.userId, userId), visible))
    .groupBy(projects.id, tasks.id, teams.id)
    .orderBy(asc(projects.name), asc(projects.id), asc(tasks.id), asc(teams.name), asc(teams.id));
}

/**
 * The member's schedules that `visible` lets through and that started from midnight `days - 1`
 * days before today (in the business's time zone) up to now, by the project, task and site they
 * were in, and by outcome.
 */
export async function countMemberSchedules(
  db: Db,
  businessId: number,
  userId: number,
  now: Date,
  days: number,
  visible: SQL | undefined,
): Promise<ScheduleCountRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const from = sql`(((${at} at time zone ${businesses.timeZone})::date - ${days - 1}::int)::timestamp at time zone ${businesses.timeZone})`;
  return db
    .select({
      ...placeColumns,
      done: n(sql`count(*) filter (where ${s.status} = 'done')`),
      late: n(sql`count(*) filter (where ${s.status} = 'late')`),
      missed: n(sql`count(*) filter (where ${s.status} = 'missed')`),
      open: n(sql`count(*) filter (where ${s.status} in ('pending', 'inProgress'))`),
      total: count(),
    })
    .from(s)
    .innerJoin(businesses, eq(businesses.id, s.businessId))
    .innerJoin(tasks, eq(tasks.id, s.taskId))
    .innerJoin(teams, eq(teams.id, s.teamId))
    .innerJoin(projects, eq(projects.id, teams.projectId))
    .where(and(eq(s.businessId, businessId), eq(s.userId, userId), sql`${s.start} >= ${from}`, sql`${s.start} <= ${at}`, visible))
    .groupBy(projects.id, tasks.id, teams.id)
    .orderBy(asc(projects.name), asc(projects.id), asc(tasks.id), asc(teams.name), asc(teams.id));
}
