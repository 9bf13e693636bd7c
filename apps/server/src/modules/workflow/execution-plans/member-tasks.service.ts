// A member's tasks by project (the member page's Tasks view): each project where the member has
// a plan of a task, or a schedule of it in the last MEMBER_TASKS_DAYS days, with the task's sites,
// plans and recent outcomes. Counted over what the caller sees, as the plan lists and reports are:
// owners and admins everything, a supervisor their sites and their own, a member their own.
import { MSG } from '@fieldops/shared/messages';
import { MEMBER_TASKS_DAYS, type MemberProjectTasks, type MemberTask } from '@fieldops/shared/plans';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { planViewOf, visiblePlansSql } from '../../../policies/plans.ts';
import { viewScopeOf } from '../../../policies/schedules.ts';
import { visibleSchedules } from '../schedules/schedules.service.ts';
import { isBusinessMember } from './execution-plans.repository.ts';
import { countMemberPlans, countMemberSchedules } from './member-tasks.repository.ts';

const completionRate = (done: number, total: number) => (total === 0 ? null : Math.round((done / total) * 1000) / 10);

/** `GET /v1/users/{userId}/tasks-by-project`; a user outside the business answers 404. */
export async function memberTasksByProject(db: Db, caller: Caller, userId: number, now = new Date()): Promise<MemberProjectTasks[]> {
  if (!(await isBusinessMember(db, caller.businessId, userId))) throw notFound(MSG.userNotFound);
  const [planView, scope] = await Promise.all([planViewOf(db, caller), viewScopeOf(db, caller)]);
  const [planRows, scheduleRows] = await Promise.all([
    countMemberPlans(db, caller.businessId, userId, now, visiblePlansSql(planView)),
    countMemberSchedules(db, caller.businessId, userId, now, MEMBER_TASKS_DAYS, visibleSchedules(scope)),
  ]);

  const projects = new Map<number, MemberProjectTasks>();
  const tasks = new Map<string, MemberTask>();
  const taskOf = (row: (typeof planRows)[number] | (typeof scheduleRows)[number]) => {
    let project = projects.get(row.projectId);
    if (!project) {
      project = { projectId: row.projectId, projectName: row.projectName, tasks: [] };
      projects.set(row.projectId, project);
    }
    const key = `${row.projectId}:${row.taskId}`;
    let task = tasks.get(key);
    if (!task) {
      task = {
        taskId: row.taskId,
        taskNameEn: row.taskNameEn,
        taskNameAr: row.taskNameAr,
        sites: [],
        plans: 0,
        activePlans: 0,
        done: 0,
        late: 0,
        missed: 0,
        open: 0,
        total: 0,
        completionRate: null,
      };
      tasks.set(key, task);
      project.tasks.push(task);
    }
    if (!task.sites.some((site) => site.id === row.siteId)) task.sites.push({ id: row.siteId, name: row.siteName });
    return task;
  };
  for (const row of planRows) {
    const task = taskOf(row);
    task.plans += row.plans;
    task.activePlans += row.activePlans;
  }
  for (const row of scheduleRows) {
    const task = taskOf(row);
    task.done += row.done;
    task.late += row.late;
    task.missed += row.missed;
    task.open += row.open;
    task.total += row.total;
  }
  for (const task of tasks.values()) task.completionRate = completionRate(task.done, task.total);

  // Projects by name; within one, tasks in the order their first rows came (by id).
  return [...projects.values()]
    .sort((a, b) => a.projectName.localeCompare(b.projectName) || a.projectId - b.projectId)
    .map((project) => ({ ...project, tasks: project.tasks.sort((a, b) => a.taskId - b.taskId) }));
}
