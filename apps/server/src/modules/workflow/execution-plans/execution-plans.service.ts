// The rules of execution plans (DESIGN §6): a group plan for members of a site, changes to its
// schedule or working hours, and pause/resume. Every change that replaces schedules deletes the
// future ones nobody has answered and materialises the new ones in the same transaction.
import { recordEvent } from '../../platform/events/events.service.ts';
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { ExecutionPlan, groupPlanRequest, PlanHoursRequest, planUpdateRequest, PlanWithChildren, switchStatusRequest } from '@fieldops/shared/plans';
import type { Db } from '../../../db/client.ts';
import { changedFields } from '../../../lib/audit-changes.ts';
import { conflict, fieldError, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { planViewOf, requirePlanManager, visiblePlansSql } from '../../../policies/plans.ts';
import { lockAgainstEngine, materialisePlans, moveToNewOccurrences } from '../schedule-engine/schedule-engine.ts';
import { requireTaskRow } from '../tasks/tasks.service.ts';
import { placementsOf } from '../../main/teams/team-members.service.ts';
import { requireSiteRows } from '../../main/teams/teams.service.ts';
import {
  deleteOpenSchedules,
  findHandedOnSchedules,
  findPlan,
  findPlanRow,
  findPlans,
  insertGroupPlan,
  instant,
  setPaused,
  startOfToday,
  updatePlanRows,
  type PlanSchedule,
} from './execution-plans.repository.ts';

type GroupPlanInput = z.output<typeof groupPlanRequest>;
type PlanUpdateInput = z.output<typeof planUpdateRequest>;

const scheduleOf = (body: PlanUpdateInput): PlanSchedule => ({
  scheduleType: body.scheduleType,
  startDate: body.startDate,
  endDate: body.scheduleType === 'ONCE' ? null : body.endDate,
  startTime: body.startTime,
  endTime: body.endTime,
  deadlineAfter: body.deadlineAfter,
  deadlineUnit: body.deadlineUnit,
  graceMinutes: body.graceMinutes,
  duration: body.duration,
  days: [...new Set(body.days)].sort((a, b) => a - b),
  months: [...new Set(body.months)].sort((a, b) => a - b),
  repeatEvery: body.repeatEvery,
  monthWeeks: body.scheduleType === 'MONTHLY' ? [...new Set(body.monthWeeks)].sort((a, b) => a - b) : [],
  exceptionDates: [...new Set(body.exceptionDates)].sort(),
  skipHolidays: body.skipHolidays,
});

/** The plan as the caller may see it; 404 for plans of another business or out of sight. */
export async function getPlan(db: Db, caller: Caller, id: number, now = new Date()): Promise<ExecutionPlan> {
  const plan = await findPlan(db, caller.businessId, id, now, visiblePlansSql(await planViewOf(db, caller)));
  if (!plan) throw notFound(MSG.executionPlanNotFound);
  return plan;
}

/** The plan with its members' plans (a group's children; none for a member's plan). */
export async function getPlanWithChildren(db: Db, caller: Caller, id: number, now = new Date()): Promise<PlanWithChildren> {
  const view = await planViewOf(db, caller);
  const plan = await findPlan(db, caller.businessId, id, now, visiblePlansSql(view));
  if (!plan) throw notFound(MSG.executionPlanNotFound);
  if (plan.userId !== null) return { ...plan, children: [] };
  const { items } = await findPlans(db, caller.businessId, now, { parentId: id, visible: visiblePlansSql(view) }, { page: 0, size: 500 }, 'member');
  return { ...plan, children: items };
}

/** A plan the caller manages, by id; 404 when the business has no such plan, 403 when not theirs to manage. */
async function requireManagedPlan(db: Db, caller: Caller, id: number, lock = false) {
  const row = await findPlanRow(db, caller.businessId, id, lock);
  if (!row) throw notFound(MSG.executionPlanNotFound);
  await requirePlanManager(db, caller, row.teamId);
  return row;
}

/** A plan as the audit log names it: by its task. */
const planTarget = (id: number, task: { nameEn: string | null; nameAr: string | null }) => ({ type: 'plan', id, name: task.nameEn ?? task.nameAr ?? null });

export async function createGroupPlan(db: Db, caller: Caller, body: GroupPlanInput, now = new Date()): Promise<ExecutionPlan> {
  const { businessId } = caller;
  const task = await requireTaskRow(db, businessId, body.taskId, 'taskId');
  await requireSiteRows(db, businessId, [body.teamId], 'teamId');
  await requirePlanManager(db, caller, body.teamId);
  const userIds = [...new Set(body.userIds)];
  if (userIds.length !== body.userIds.length) throw fieldError('userIds', MSG.duplicateMembers);
  const placed = await placementsOf(db, businessId, [body.teamId], userIds);
  if (placed.length !== userIds.length) throw fieldError('userIds', MSG.planUsersNotInSite);

  const groupId = await db.transaction(async (tx) => {
    const id = await insertGroupPlan(
      tx,
      { ...scheduleOf(body), businessId, taskId: body.taskId, teamId: body.teamId, creatorId: caller.userId, scheduledAt: now, pooled: body.pooled },
      userIds,
    );
    // Its members hear of it in one digest with the other plans given to them meanwhile.
    await recordEvent(tx, {
      businessId,
      kind: 'schedules.assigned',
      actorId: caller.userId,
      data: { userIds, taskName: task.nameEn ?? task.nameAr ?? '', taskNameAr: task.nameAr ?? task.nameEn ?? '', count: 1 },
    });
    await recordEvent(tx, {
      businessId,
      kind: 'plan.created',
      actorId: caller.userId,
      data: { target: planTarget(id, task), after: { ...scheduleOf(body), taskId: body.taskId, siteId: body.teamId, userIds, pooled: body.pooled } },
    });
    return id;
  });
  // A new plan's occurrences exist at once (today's too, when its deadline is still ahead).
  await materialisePlans(db, { businessId, planIds: [groupId], now });
  return getPlan(db, caller, groupId, now);
}

/**
 * Replaces the future of a plan: inside one transaction (holding off the engine's pass) the
 * plan changes, its unanswered schedules from `now` on go, and the new ones are materialised. A
 * schedule taken from a pool or covered moves to its day's new occurrence instead, with its member.
 */
async function rescheduleInTransaction(
  db: Db,
  caller: Caller,
  id: number,
  change: (tx: Db, row: { parentId: number | null }) => Promise<Record<string, unknown>>,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await lockAgainstEngine(tx);
    const row = await requireManagedPlan(tx, caller, id, true);
    const after = await change(tx, row);
    const changed = changedFields({ ...row }, after);
    if (changed)
      await recordEvent(tx, {
        businessId: caller.businessId,
        kind: 'plan.updated',
        actorId: caller.userId,
        data: { target: { type: 'plan', id }, ...changed },
      });
    // Taken and covered schedules keep their member on the same day's new occurrence.
    const handedOn = await findHandedOnSchedules(tx, caller.businessId, [id], instant(now));
    const moved = await moveToNewOccurrences(tx, { businessId: caller.businessId, planIds: [id], ids: handedOn, now });
    await deleteOpenSchedules(tx, caller.businessId, [id], instant(now), moved);
    await materialisePlans(tx, { businessId: caller.businessId, planIds: [id], now });
  });
}

/** `PUT /v2/execution-plans/{id}`: the schedule of a group (and its members') or of a member's plan that stands alone. */
export async function updatePlanSchedule(db: Db, caller: Caller, id: number, body: PlanUpdateInput, now = new Date()) {
  await rescheduleInTransaction(
    db,
    caller,
    id,
    async (tx, row) => {
      if (row.parentId !== null) throw conflict(MSG.planIsMemberPlan);
      await updatePlanRows(tx, caller.businessId, id, { ...scheduleOf(body), scheduledAt: now });
      return { ...scheduleOf(body) };
    },
    now,
  );
  return getPlanWithChildren(db, caller, id, now);
}

/** `PUT /v1/execution-plans/{id}`: the working hours of any plan (a group's apply to its members). */
export async function updatePlanHours(db: Db, caller: Caller, id: number, body: PlanHoursRequest, now = new Date()) {
  await rescheduleInTransaction(
    db,
    caller,
    id,
    async (tx) => {
      await updatePlanRows(tx, caller.businessId, id, { startTime: body.startTime, endTime: body.endTime, scheduledAt: now });
      return { startTime: body.startTime, endTime: body.endTime };
    },
    now,
  );
  return getPlan(db, caller, id, now);
}

/**
 * Pausing hides the plan's unanswered schedules from the start of today on (business time
 * zone) and stops new ones; answered ones of today stay but cannot be answered while paused.
 * Resuming makes the plan active again from tomorrow. Without `paused`, the state toggles.
 */
export async function switchPlanStatus(db: Db, caller: Caller, id: number, body: z.output<typeof switchStatusRequest>, now = new Date()) {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    await lockAgainstEngine(tx);
    const row = await requireManagedPlan(tx, caller, id, true);
    const paused = body.paused ?? !row.paused;
    await setPaused(tx, businessId, id, paused, now);
    if (paused !== row.paused) {
      await recordEvent(tx, {
        businessId,
        kind: 'plan.updated',
        actorId: caller.userId,
        data: { target: { type: 'plan', id }, before: { paused: row.paused }, after: { paused } },
      });
    }
    if (paused) await deleteOpenSchedules(tx, businessId, [id], startOfToday(businessId, now));
    else await materialisePlans(tx, { businessId, planIds: [id], now });
  });
  return getPlan(db, caller, id, now);
}
