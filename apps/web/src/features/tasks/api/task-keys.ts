// The tasks feature's query keys: tasks, templates, a task's plans and answers, the tag list and
// the members a plan can be given to. Each family starts with one root, so a change refreshes
// every view of it with one invalidation.
import { MAX_PAGE_SIZE } from '@fieldops/shared/limits';
import type { PlanStatusFilter } from '@fieldops/shared/plans';
import { sharedKeys } from '../../../lib/query-keys.ts';

export const taskKeys = {
  all: sharedKeys.tasks,
  lists: sharedKeys.taskLists,
  list: (searchKey: string, page: number, size: number) => [...sharedKeys.taskLists, { searchKey, page, size }] as const,
  detail: (taskId: number) => [...sharedKeys.tasks, 'detail', taskId] as const,
  actionTypes: ['action-types'] as const,
  /** Action changes change the tags' counts of actions. */
  tags: sharedKeys.tagList,
  /** The members of a site a plan can be given to (every one, on one page). */
  siteMembers: (teamId: number) => sharedKeys.siteMembersPage(teamId, 0, MAX_PAGE_SIZE),
};

const templatesRoot = ['templates'] as const;

export const templateKeys = {
  all: templatesRoot,
  lists: [...templatesRoot, 'list'] as const,
  list: (searchKey: string) => [...templatesRoot, 'list', { searchKey }] as const,
  detail: (templateId: number) => [...templatesRoot, 'detail', templateId] as const,
};

/** Every plan query of a task starts with its root, so one invalidation refreshes lists and children. */
const taskPlans = (taskId: number) => [...sharedKeys.plans, 'task', taskId] as const;

export const planKeys = {
  ofTask: taskPlans,
  list: (taskId: number, status: PlanStatusFilter, page: number) => [...taskPlans(taskId), 'list', { status, page }] as const,
  children: (taskId: number, groupId: number) => [...taskPlans(taskId), 'children', groupId] as const,
};

const flagged = (taskId: number) => [...sharedKeys.answers, 'flagged', { task: taskId }] as const;
const latest = (taskId: number) => [...sharedKeys.answers, 'latest', { task: taskId }] as const;

export const answerKeys = {
  /** Lists, details and histories all show an answer's flag and ticket. */
  all: sharedKeys.answers,
  flagged: (taskId: number, page: number) => [...flagged(taskId), { page }] as const,
  latest: (taskId: number, page: number) => [...latest(taskId), { page }] as const,
};
