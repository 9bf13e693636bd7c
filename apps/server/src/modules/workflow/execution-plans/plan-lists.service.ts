// The lists of execution plans: a task's plans, a group's members' plans, a member's plans in a
// site, a site's plans and a member's plans. Every path id is checked against the business
// first (404), then the list holds only what the caller may see.
import type { z } from 'zod';
import type { PageQuery } from '@fieldops/shared/common';
import { MSG } from '@fieldops/shared/messages';
import type { plansQuery } from '@fieldops/shared/plans';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { planViewOf, visiblePlansSql } from '../../../policies/plans.ts';
import { requireProjectRow } from '../../main/projects/projects.service.ts';
import { requireTaskRow } from '../tasks/tasks.service.ts';
import { requireSiteRow, requireSiteRows } from '../../main/teams/teams.service.ts';
import { statusFilterSql } from './plan-status.ts';
import { findPlan, findPlans, isBusinessMember } from './execution-plans.repository.ts';

type PlansQuery = z.output<typeof plansQuery>;

async function requireMemberOf(db: Db, businessId: number, userId: number) {
  if (!(await isBusinessMember(db, businessId, userId))) throw notFound(MSG.userNotFound);
}

/** `GET /v2/tasks/{id}/execution-plans`: the task's groups and members' plans standing alone. */
export async function listTaskPlans(db: Db, caller: Caller, taskId: number, query: PlansQuery, now = new Date()) {
  await requireTaskRow(db, caller.businessId, taskId);
  const visible = visiblePlansSql(await planViewOf(db, caller));
  return findPlans(db, caller.businessId, now, { taskId, topLevel: true, visible, status: statusFilterSql(now, query.status) }, query);
}

/**
 * `GET /v2/tasks/{taskId}/execution-plans/{groupId}/children`: a group's members' plans by
 * member name; a member's plan that left its group lists itself.
 */
export async function listGroupChildren(db: Db, caller: Caller, taskId: number, groupId: number, page: PageQuery, now = new Date()) {
  const visible = visiblePlansSql(await planViewOf(db, caller));
  const group = await findPlan(db, caller.businessId, groupId, now, visible);
  if (!group || group.taskId !== taskId || group.parent !== null) throw notFound(MSG.executionPlanNotFound);
  if (group.userId !== null) return page.page === 0 ? { items: [group], total: 1 } : { items: [], total: 1 };
  return findPlans(db, caller.businessId, now, { parentId: groupId, visible }, page, 'member');
}

/** `GET /v1/execution-plans/teams/{teamId}/users/{userId}`: a member's plans in a site. */
export async function listMemberSitePlans(db: Db, caller: Caller, teamId: number, userId: number, query: PlansQuery, now = new Date()) {
  await requireSiteRows(db, caller.businessId, [teamId]);
  await requireMemberOf(db, caller.businessId, userId);
  const visible = visiblePlansSql(await planViewOf(db, caller));
  return findPlans(db, caller.businessId, now, { teamId, userId, visible, status: statusFilterSql(now, query.status) }, query);
}

/** `GET /v1/execution-plans/projects/{projectId}/teams/{teamId}`: the top-level plans of a site of the project. */
export async function listSitePlans(db: Db, caller: Caller, projectId: number, teamId: number, query: PlansQuery, now = new Date()) {
  await requireProjectRow(db, caller.businessId, projectId);
  const site = await requireSiteRow(db, caller.businessId, teamId);
  if (site.projectId !== projectId) throw notFound(MSG.siteNotInProject);
  const visible = visiblePlansSql(await planViewOf(db, caller));
  return findPlans(db, caller.businessId, now, { teamId, topLevel: true, visible, status: statusFilterSql(now, query.status) }, query);
}

/** `GET /v1/users/{userId}/execution-plans?taskId=`: a member's plans, optionally of one task. */
export async function listUserPlans(db: Db, caller: Caller, userId: number, query: PlansQuery & { taskId?: number }, now = new Date()) {
  await requireMemberOf(db, caller.businessId, userId);
  if (query.taskId !== undefined) await requireTaskRow(db, caller.businessId, query.taskId, 'taskId');
  const visible = visiblePlansSql(await planViewOf(db, caller));
  return findPlans(db, caller.businessId, now, { userId, taskId: query.taskId, visible, status: statusFilterSql(now, query.status) }, query);
}
