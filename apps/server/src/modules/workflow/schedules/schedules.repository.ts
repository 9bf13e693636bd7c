// Queries on schedules: a page with its task, member, site and project names in one query, its
// count, the KPIs as one aggregate, and one schedule with its plan and site. Filters read only
// the schedules table (a project becomes the set of its sites), so they meet its
// (business, user | team | task, start) indexes.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ScheduleStatus } from '@fieldops/shared/enums';
import { must } from '@fieldops/shared/must';
import type { Schedule, ScheduleKpis, ScheduleTiming } from '@fieldops/shared/schedules';
import type { Db } from '../../../db/client.ts';
import { businesses, projects, teams, users } from '../../../db/schema.ts';
import { executionPlans, scheduleHandovers, schedules } from '../../../db/schema-schedules.ts';
import { actions, tasks, taskSections } from '../../../db/schema-workflow.ts';
import { asRuleActions, type RuleSet } from './answer-status.ts';

export interface ScheduleFilter {
  projects?: number[];
  teams?: number[];
  users?: number[];
  /** Calendar dates in the business's time zone, on the schedule's start, both inclusive. */
  startDate?: string;
  endDate?: string;
  status?: ScheduleStatus;
  task?: number;
  timing?: ScheduleTiming;
}

export interface ScheduleWhere {
  businessId: number;
  timeZone: string;
  now: Date;
  filter: ScheduleFilter;
  /** The caller's view (policies/schedules.ts); undefined sees everything of the business. */
  scope: SQL | undefined;
}

function whereOf({ businessId, timeZone, now, filter, scope }: ScheduleWhere): SQL | undefined {
  const dayStart = (date: string, days = 0) => sql`((${date}::date + ${days}::integer)::timestamp at time zone ${timeZone})`;
  return and(
    eq(schedules.businessId, businessId),
    // A pooled schedule nobody has taken yet is in the pool's list (modules/pool), not these: the
    // lists name each schedule's member, and their counts must match them.
    isNotNull(schedules.userId),
    scope,
    filter.users ? inArray(schedules.userId, filter.users) : undefined,
    filter.teams ? inArray(schedules.teamId, filter.teams) : undefined,
    filter.projects
      ? inArray(
          schedules.teamId,
          sql`(select ${teams.id} from ${teams} where ${teams.businessId} = ${businessId} and ${inArray(teams.projectId, filter.projects)})`,
        )
      : undefined,
    filter.task ? eq(schedules.taskId, filter.task) : undefined,
    filter.status ? eq(schedules.status, filter.status) : undefined,
    filter.startDate ? sql`${schedules.start} >= ${dayStart(filter.startDate)}` : undefined,
    filter.endDate ? sql`${schedules.start} < ${dayStart(filter.endDate, 1)}` : undefined,
    filter.timing === 'DUE' ? lte(schedules.start, now) : undefined,
    filter.timing === 'NEXT' ? gt(schedules.start, now) : undefined,
  );
}

function selectSchedules(db: Db) {
  return db
    .select({
      id: schedules.id,
      planId: schedules.planId,
      taskId: schedules.taskId,
      taskNameEn: tasks.nameEn,
      taskNameAr: tasks.nameAr,
      // Joined to its member: a pooled schedule nobody has taken is not in these lists (pool.service.ts).
      userId: users.id,
      userFullName: users.fullName,
      teamId: schedules.teamId,
      teamName: teams.name,
      projectId: teams.projectId,
      projectName: projects.name,
      start: schedules.start,
      end: schedules.end,
      deadline: schedules.deadline,
      dueAt: schedules.dueAt,
      status: schedules.status,
    })
    .from(schedules)
    .innerJoin(tasks, eq(tasks.id, schedules.taskId))
    .innerJoin(users, eq(users.id, schedules.userId))
    .innerJoin(teams, eq(teams.id, schedules.teamId))
    .innerJoin(projects, eq(projects.id, teams.projectId))
    .$dynamic();
}

type ScheduleRow = Awaited<ReturnType<typeof selectSchedules>>[number];

const toSchedule = (r: ScheduleRow): Schedule => ({
  ...r,
  start: r.start.toISOString(),
  end: r.end.toISOString(),
  deadline: r.deadline.toISOString(),
  dueAt: r.dueAt?.toISOString() ?? null,
  answeredActions: null,
  requiredActions: null,
  lateAnswers: null,
});

export interface SchedulePage {
  page: number;
  size: number;
  dir: 'asc' | 'desc';
}

export async function findSchedules(db: Db, where: ScheduleWhere, page: SchedulePage) {
  const condition = whereOf(where);
  const direction = page.dir === 'asc' ? asc : desc;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectSchedules(db)
      .where(condition)
      .orderBy(direction(schedules.start), direction(schedules.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(schedules).where(condition),
  ]);
  return { items: rows.map(toSchedule), total };
}

const countOf = (status: ScheduleStatus) => sql<number>`count(*) filter (where ${schedules.status} = ${status})`.mapWith(Number);

/** Counts by status in one aggregate over the same filters as the list. */
export async function countSchedules(db: Db, where: ScheduleWhere): Promise<Omit<ScheduleKpis, 'id' | 'completionRate'>> {
  const [row] = await db
    .select({
      missed: countOf('missed'),
      done: countOf('done'),
      late: countOf('late'),
      pending: countOf('pending'),
      inProgress: countOf('inProgress'),
      total: count(),
    })
    .from(schedules)
    .where(whereOf(where));
  return must(row, 'an aggregate without grouping answers one row');
}

export async function findSchedule(db: Db, businessId: number, id: number, scope: SQL | undefined): Promise<Schedule | null> {
  const [row] = await selectSchedules(db).where(and(eq(schedules.businessId, businessId), eq(schedules.id, id), scope));
  return row ? toSchedule(row) : null;
}

const groupPlan = alias(executionPlans, 'group_plan');

/**
 * What answering a schedule needs to know about it: its status and times, whether its plan is
 * paused for it (the plan or its group is paused, or it was resumed to start after this day),
 * the task's geofence settings and the site's position and geofence, and what judges a late delivery (when the
 * member's device received it, how late the business counts). With `lock` the schedule row is locked
 * for the transaction, so two answers at once cannot both miss a status change.
 */
export async function findScheduleState(db: Db, businessId: number, id: number, timeZone: string, scope: SQL | undefined, lock = false) {
  const query = db
    .select({
      id: schedules.id,
      taskId: schedules.taskId,
      teamId: schedules.teamId,
      userId: schedules.userId,
      groupId: schedules.groupId,
      start: schedules.start,
      deadline: schedules.deadline,
      dueAt: schedules.dueAt,
      status: schedules.status,
      taskVersionId: schedules.taskVersionId,
      paused: sql<boolean>`(${executionPlans.paused} or coalesce(${groupPlan.paused}, false) or (${executionPlans.activeFrom} is not null and (${schedules.start} at time zone ${timeZone})::date < ${executionPlans.activeFrom}))`,
      geoRestrictionEnabled: tasks.geoRestrictionEnabled,
      accuracyThreshold: tasks.accuracyThreshold,
      siteName: teams.name,
      latitude: teams.latitude,
      longitude: teams.longitude,
      radius: teams.radius,
      polygon: teams.polygon,
      handedAt: scheduleHandovers.handedAt,
      lateAnswerHours: businesses.lateAnswerHours,
    })
    .from(schedules)
    .innerJoin(executionPlans, eq(executionPlans.id, schedules.planId))
    .leftJoin(groupPlan, eq(groupPlan.id, executionPlans.parentId))
    .innerJoin(tasks, eq(tasks.id, schedules.taskId))
    .innerJoin(teams, eq(teams.id, schedules.teamId))
    .innerJoin(businesses, eq(businesses.id, schedules.businessId))
    .leftJoin(scheduleHandovers, eq(scheduleHandovers.scheduleId, schedules.id))
    .where(and(eq(schedules.businessId, businessId), eq(schedules.id, id), scope));
  const [row] = lock ? await query.for('update', { of: schedules }) : await query;
  return row ?? null;
}

export type ScheduleState = NonNullable<Awaited<ReturnType<typeof findScheduleState>>>;

/** The actions and sections of the given tasks as chain rules read them, by task. */
export async function findRuleSets(db: Db, businessId: number, taskIds: readonly number[]): Promise<Map<number, RuleSet>> {
  const sets = new Map<number, RuleSet>(taskIds.map((id) => [id, { actions: [], sections: [] }]));
  if (taskIds.length === 0) return sets;
  const [actionRows, sectionRows] = await Promise.all([
    db
      .select({
        id: actions.id,
        taskId: actions.taskId,
        type: actions.type,
        required: actions.required,
        criteria: actions.criteria,
        sectionId: actions.sectionId,
      })
      .from(actions)
      .where(and(eq(actions.businessId, businessId), inArray(actions.taskId, [...taskIds])))
      .orderBy(asc(actions.taskId), asc(actions.order), asc(actions.id)),
    db
      .select({ id: taskSections.id, taskId: taskSections.taskId, criteria: taskSections.criteria })
      .from(taskSections)
      .where(and(eq(taskSections.businessId, businessId), inArray(taskSections.taskId, [...taskIds]))),
  ]);
  for (const row of actionRows) sets.get(row.taskId)?.actions.push(...asRuleActions([row]));
  for (const row of sectionRows) sets.get(row.taskId)?.sections.push({ id: row.id, criteria: row.criteria });
  return sets;
}

/** The task version each schedule of the business among these was answered with (null: none yet). */
export async function findScheduleVersionIds(db: Db, businessId: number, ids: readonly number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: schedules.id, versionId: schedules.taskVersionId })
    .from(schedules)
    .where(and(eq(schedules.businessId, businessId), inArray(schedules.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.versionId]));
}

/** The task version a schedule of the business was answered with, or null (none yet, or no such schedule). */
export async function findScheduleVersionId(db: Db, businessId: number, id: number): Promise<number | null> {
  const [row] = await db
    .select({ versionId: schedules.taskVersionId })
    .from(schedules)
    .where(and(eq(schedules.businessId, businessId), eq(schedules.id, id)));
  return row?.versionId ?? null;
}

export async function updateScheduleStatus(db: Db, id: number, status: ScheduleStatus, completedAt: Date | null) {
  await db.update(schedules).set({ status, completedAt }).where(eq(schedules.id, id));
}

/** Notes that the schedule's member received it in full now, unless they already had. */
export async function recordHandover(db: Db, businessId: number, scheduleId: number) {
  await db.insert(scheduleHandovers).values({ businessId, scheduleId }).onConflictDoNothing({ target: scheduleHandovers.scheduleId });
}
