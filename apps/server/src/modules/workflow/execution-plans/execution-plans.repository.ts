// Queries of execution plans, always scoped by business. A page of plans costs three queries
// whatever its size: the page (status, member count and names computed in SQL), its total, and
// the members of the plans on it.
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ExecutionPlan, PlanHoursRequest } from '@fieldops/shared/plans';
import { MAX_CAPTURE_AGE_MS } from '@fieldops/shared/limits';
import { must } from '@fieldops/shared/must';
import { bigintArray, rowsOf, type Db } from '../../../db/client.ts';
import { businesses, businessMembers, teams, users } from '../../../db/schema.ts';
import { actionResults, coverRequests, executionPlans as p, removedSchedules, schedules } from '../../../db/schema-schedules.ts';
import { tasks } from '../../../db/schema-workflow.ts';
import { planStatusSql } from './plan-status.ts';

/** The schedule of a plan, as stored (the request's fields after validation). */
export interface PlanSchedule {
  scheduleType: ExecutionPlan['scheduleType'];
  startDate: string;
  endDate: string | null;
  startTime: string;
  endTime: string;
  deadlineAfter: number;
  deadlineUnit: ExecutionPlan['deadlineUnit'];
  graceMinutes: number;
  duration: number | null;
  days: number[];
  months: number[];
  repeatEvery: number;
  monthWeeks: number[];
  exceptionDates: string[];
  skipHolidays: boolean;
}

const membersCount = sql<number>`case when ${p.userId} is null
  then (select count(*) from execution_plans c where c.parent_id = ${p.id}) else 1 end`.mapWith(Number);

/** The columns of a plan's schedule but the exception dates, which each read selects its own way, and the holiday flag after them. */
const scheduleColumns = {
  scheduleType: p.scheduleType,
  startDate: p.startDate,
  endDate: p.endDate,
  startTime: p.startTime,
  endTime: p.endTime,
  deadlineAfter: p.deadlineAfter,
  deadlineUnit: p.deadlineUnit,
  graceMinutes: p.graceMinutes,
  duration: p.duration,
  days: p.days,
  months: p.months,
  repeatEvery: p.repeatEvery,
  monthWeeks: p.monthWeeks,
};

function selectPlans(db: Db, now: Date) {
  return db
    .select({
      id: p.id,
      parentId: p.parentId,
      taskId: p.taskId,
      taskNameEn: tasks.nameEn,
      taskNameAr: tasks.nameAr,
      teamId: p.teamId,
      teamName: teams.name,
      projectId: teams.projectId,
      userId: p.userId,
      count: membersCount,
      ...scheduleColumns,
      // As JSON, so that both drivers give the dates as "YYYY-MM-DD" strings.
      exceptionDates: sql<string[]>`to_json(${p.exceptionDates})`,
      skipHolidays: p.skipHolidays,
      paused: p.paused,
      pooled: p.pooled,
      status: planStatusSql(now),
    })
    .from(p)
    .innerJoin(tasks, eq(tasks.id, p.taskId))
    .innerJoin(teams, eq(teams.id, p.teamId))
    .innerJoin(businesses, eq(businesses.id, p.businessId))
    .$dynamic();
}

type PlanRow = Awaited<ReturnType<ReturnType<typeof selectPlans>['execute']>>[number];
type Member = ExecutionPlan['assignedMembers'][number];

/**
 * The members of each plan, in one query: a group's are its children's users, a member's plan
 * has its own user.
 */
async function membersOf(db: Db, businessId: number, rows: readonly PlanRow[]): Promise<Map<number, Member[]>> {
  const byPlan = new Map<number, Member[]>(rows.map((r) => [r.id, []]));
  if (rows.length === 0) return byPlan;
  const groupIds = rows.filter((r) => r.userId === null).map((r) => r.id);
  const memberPlanIds = rows.filter((r) => r.userId !== null).map((r) => r.id);
  const found = await db
    .select({ planId: p.id, parentId: p.parentId, id: users.id, fullName: users.fullName, avatar: users.avatar })
    .from(p)
    .innerJoin(users, eq(users.id, p.userId))
    .where(
      and(
        eq(p.businessId, businessId),
        or(groupIds.length ? inArray(p.parentId, groupIds) : undefined, memberPlanIds.length ? inArray(p.id, memberPlanIds) : undefined),
      ),
    )
    .orderBy(asc(users.fullName), asc(users.id));
  const groups = new Set(groupIds);
  for (const { planId, parentId, ...member } of found) {
    if (parentId !== null && groups.has(parentId)) byPlan.get(parentId)?.push(member);
    if (byPlan.has(planId) && !groups.has(planId)) byPlan.get(planId)?.push(member);
  }
  return byPlan;
}

async function toPlans(db: Db, businessId: number, rows: PlanRow[]): Promise<ExecutionPlan[]> {
  const members = await membersOf(db, businessId, rows);
  return rows.map(({ parentId, ...r }) => ({
    ...r,
    parent: parentId,
    // A group is its own group; a member's plan carried out of its group stands alone.
    groupId: parentId ?? r.id,
    assignedMembers: members.get(r.id) ?? [],
  }));
}

export interface PlanPage {
  page: number;
  size: number;
}

/** Which plans a list holds; `visible` and `status` come from policies/plans.ts and plan-status. */
export interface PlanFilter {
  taskId?: number;
  teamId?: number;
  userId?: number;
  /** The members' plans of this group. */
  parentId?: number;
  /** Groups and members' plans that left their group. */
  topLevel?: boolean;
  visible?: SQL;
  status?: SQL;
}

function whereOf(businessId: number, filter: PlanFilter) {
  return and(
    eq(p.businessId, businessId),
    filter.taskId !== undefined ? eq(p.taskId, filter.taskId) : undefined,
    filter.teamId !== undefined ? eq(p.teamId, filter.teamId) : undefined,
    filter.userId !== undefined ? eq(p.userId, filter.userId) : undefined,
    filter.parentId !== undefined ? eq(p.parentId, filter.parentId) : undefined,
    filter.topLevel ? isNull(p.parentId) : undefined,
    filter.visible,
    filter.status,
  );
}

/** A page of the business's plans, newest first, or by member name for a group's members. */
export async function findPlans(db: Db, businessId: number, now: Date, filter: PlanFilter, page: PlanPage, order: 'newest' | 'member' = 'newest') {
  const where = whereOf(businessId, filter);
  const orderBy = order === 'newest' ? [desc(p.id)] : [asc(users.fullName), asc(p.id)];
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectPlans(db, now)
      .leftJoin(users, eq(users.id, p.userId))
      .where(where)
      .orderBy(...orderBy)
      .limit(page.size)
      .offset(page.page * page.size),
    // The status filter needs the business's time zone, hence the join.
    db.select({ total: count() }).from(p).innerJoin(businesses, eq(businesses.id, p.businessId)).where(where),
  ]);
  return { items: await toPlans(db, businessId, rows), total };
}

export async function findPlan(db: Db, businessId: number, id: number, now: Date, visible?: SQL) {
  const rows = await selectPlans(db, now).where(and(eq(p.businessId, businessId), eq(p.id, id), visible));
  const [plan] = await toPlans(db, businessId, rows);
  return plan ?? null;
}

/**
 * The bare row of a plan; with `lock`, the plan and its members' plans are locked for the
 * transaction (not their keys: the schedules' foreign key checks can go on meanwhile).
 */
export async function findPlanRow(db: Db, businessId: number, id: number, lock = false) {
  const query = db
    .select({
      id: p.id,
      parentId: p.parentId,
      userId: p.userId,
      teamId: p.teamId,
      taskId: p.taskId,
      paused: p.paused,
      // What a change of the plan changes, for its audit entry.
      ...scheduleColumns,
      exceptionDates: p.exceptionDates,
      skipHolidays: p.skipHolidays,
    })
    .from(p)
    .where(and(eq(p.businessId, businessId), lock ? or(eq(p.id, id), eq(p.parentId, id)) : eq(p.id, id)))
    .orderBy(asc(p.id));
  const rows = lock ? await query.for('no key update') : await query;
  return rows.find((r) => r.id === id) ?? null;
}

/** Inserts a group plan and one member's plan per user; answers the group's id. */
export async function insertGroupPlan(
  db: Db,
  values: PlanSchedule & { businessId: number; taskId: number; teamId: number; creatorId: number; scheduledAt: Date; pooled: boolean },
  userIds: number[],
) {
  const [group] = await db
    .insert(p)
    .values({ ...values, userId: null, parentId: null })
    .returning({ id: p.id });
  const { id } = must(group, 'an insert returns its row');
  // A pool of the whole site names nobody.
  if (userIds.length > 0) await db.insert(p).values(userIds.map((userId) => ({ ...values, userId, parentId: id })));
  return id;
}

/** Changes a plan and, for a group, every member's plan in it. */
export async function updatePlanRows(db: Db, businessId: number, id: number, values: Partial<PlanSchedule> & PlanHoursRequest & { scheduledAt: Date }) {
  await db
    .update(p)
    .set(values)
    .where(and(eq(p.businessId, businessId), or(eq(p.id, id), eq(p.parentId, id))));
}

/**
 * Pauses or resumes a plan and its members' plans, those not already in that state. A resumed
 * plan is active again from tomorrow in the business's time zone, so nothing of today returns.
 */
export async function setPaused(db: Db, businessId: number, id: number, paused: boolean, now: Date) {
  const tomorrow = sql`((${now.toISOString()}::timestamptz at time zone (select time_zone from businesses where id = ${businessId}))::date + 1)`;
  await db
    .update(p)
    .set(paused ? { paused: true } : { paused: false, activeFrom: sql`${tomorrow}` })
    .where(and(eq(p.businessId, businessId), or(eq(p.id, id), eq(p.parentId, id)), eq(p.paused, !paused)));
}

/** The instant itself, for deleteOpenSchedules. */
export const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** "Start of today in the business's time zone", as an instant. */
export const startOfToday = (businessId: number, now: Date) =>
  sql`(date_trunc('day', ${now.toISOString()}::timestamptz at time zone (select time_zone from businesses where id = ${businessId}))
    at time zone (select time_zone from businesses where id = ${businessId}))`;

/**
 * Deletes the schedules of these plans (a group's id stands for its members' plans) that start
 * at or after `from`, are still pending and have no answer, but those in `keep`. Answered and past
 * schedules stay.
 * The same statement remembers the deleted ones in removed_schedules, so that an answer captured
 * for one before it went, delivered later by the device's outbox, is kept rather than refused
 * (modules/schedules); it forgets those no answer could be taken for any more.
 */
/** The schedules of these plans (a group's id stands for its members' plans) from `from` on, pending and unanswered. */
const openSchedulesOf = (businessId: number, planIds: number[], from: SQL) =>
  and(
    eq(schedules.businessId, businessId),
    sql`${schedules.planId} in (select id from execution_plans where business_id = ${businessId} and (id = any(${bigintArray(planIds)}) or parent_id = any(${bigintArray(planIds)})))`,
    eq(schedules.status, 'pending'),
    sql`${schedules.start} >= ${from}`,
    sql`not exists (select 1 from ${actionResults} r where r.schedule_id = ${schedules.id})`,
  );

/**
 * Of the schedules `deleteOpenSchedules` would delete, those that left their plan's hands: taken
 * from a pool or moved to a colleague who covers, or with a cover request. A plan change moves
 * them rather than replacing them (schedule-engine.ts, moveToNewOccurrences).
 */
export async function findHandedOnSchedules(db: Db, businessId: number, planIds: number[], from: SQL): Promise<number[]> {
  if (planIds.length === 0) return [];
  const rows = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      select ${schedules.id} as id from ${schedules}
      where ${openSchedulesOf(businessId, planIds, from)}
        and (${schedules.userId} is distinct from (select p.user_id from execution_plans p where p.id = ${schedules.planId})
          or exists (select 1 from ${coverRequests} c where c.schedule_id = ${schedules.id}))`),
  );
  return rows.map((row) => Number(row.id));
}

export async function deleteOpenSchedules(db: Db, businessId: number, planIds: number[], from: SQL, keep: readonly number[] = []) {
  if (planIds.length === 0) return 0;
  const open = and(openSchedulesOf(businessId, planIds, from), keep.length > 0 ? sql`not (${schedules.id} = any(${bigintArray(keep)}))` : undefined);
  const removed = removedSchedules;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (delete from ${schedules} where ${open} returning id, business_id, user_id, task_id, start, deadline),
      kept as (insert into ${removed} (id, business_id, user_id, task_id, start, deadline)
        -- An untaken pooled schedule was on nobody's device: no answer can come for it.
        select id, business_id, user_id, task_id, start, deadline from gone where user_id is not null),
      forgotten as (delete from ${removed} where ${removed.businessId} = ${businessId}
        and ${removed.deadline} < now() - make_interval(secs => ${MAX_CAPTURE_AGE_MS / 1000}))
      select count(*)::int as n from gone`),
  );
  return row?.n ?? 0;
}

/** Whether the user belongs to the business. */
export async function isBusinessMember(db: Db, businessId: number, userId: number) {
  const [row] = await db
    .select({ id: businessMembers.id })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  return Boolean(row);
}

/** The ids of a member's plans in a site (their own plans, not groups), locked for the transaction. */
export async function lockMemberPlans(db: Db, businessId: number, teamId: number, userId: number) {
  const rows = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.businessId, businessId), eq(p.teamId, teamId), eq(p.userId, userId)))
    .orderBy(asc(p.id))
    .for('no key update');
  return rows.map((r) => r.id);
}

/** Moves members' plans to another site, out of their groups: each stands alone there. */
export async function movePlanRows(db: Db, businessId: number, ids: number[], toTeamId: number) {
  if (ids.length === 0) return;
  await db
    .update(p)
    .set({ teamId: toTeamId, parentId: null })
    .where(and(eq(p.businessId, businessId), inArray(p.id, ids)));
}
