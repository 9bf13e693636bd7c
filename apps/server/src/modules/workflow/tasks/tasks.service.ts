// The rules of tasks: a task's tag is one of the business's tags, deleting a task takes its
// actions with it, and every change to a task's actions first locks the task's row (lockTask).
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { Task, taskRequest, taskSettingsRequest } from '@fieldops/shared/tasks';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { readBoth } from '../../../db/prepared.ts';
import { changedFields } from '../../../lib/audit-changes.ts';
import { missingReference, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { recordEvent, type ChangeData } from '../../platform/events/events.service.ts';
import { completionOverLastMonth, scoresOverLastMonth } from '../reports/reports.service.ts';
import { requireTagIds } from '../tags/tags.service.ts';
import {
  deleteTaskRows,
  findTask,
  findTaskRow,
  findTasks,
  insertTask,
  updateTaskRow,
  type TaskFilter,
  type TaskListed,
  type TaskPage,
  type TaskValues,
} from './tasks.repository.ts';

export type { TaskValues };

type TaskInput = z.output<typeof taskRequest>;

/**
 * Tasks with their completion rate and the average score of their finished inspections over the
 * last 30 days, from the report rollups (null without schedules, or scores, then).
 */
async function withCompletion(db: Db, businessId: number, items: TaskListed[]): Promise<Task[]> {
  const ids = items.map((t) => t.id);
  const [completion, scores] = await readBoth(
    db,
    () => completionOverLastMonth(db, businessId, ids),
    () => scoresOverLastMonth(db, businessId, ids),
  );
  // The items were made for this answer: each takes its figures in place instead of being copied.
  return items.map((t) => Object.assign(t, { completionRate: completion.get(t.id) ?? null, averageScore: scores.get(t.id) ?? null }));
}

export async function listTasks(db: Db, businessId: number, filter: TaskFilter, page: TaskPage) {
  const { items, total } = await findTasks(db, businessId, filter, page);
  return { items: await withCompletion(db, businessId, items), total };
}

export async function requireTask(db: Db, businessId: number, id: number): Promise<Task> {
  const found = await findTask(db, businessId, id);
  if (!found) throw notFound(MSG.taskNotFound);
  const [task] = await withCompletion(db, businessId, [found]);
  return must(task, 'withCompletion answers one task per task given');
}

async function taskRowOf(db: Db, businessId: number, taskId: number, field: string | undefined, lock: boolean) {
  const task = await findTaskRow(db, businessId, taskId, lock);
  if (!task) throw field ? missingReference(field, MSG.taskNotFound) : notFound(MSG.taskNotFound);
  return task;
}

/** The bare task row; 404 (naming `field` when the id came in a body) when it is not the business's. */
export const requireTaskRow = (db: Db, businessId: number, taskId: number, field?: string) => taskRowOf(db, businessId, taskId, field, false);

/**
 * The task's row, locked until the transaction ends; 404 (naming `field` when given) otherwise.
 * Every change to a task's actions takes it first, so orders and rules are checked against a
 * list nobody else is changing.
 */
export const lockTask = (db: Db, businessId: number, taskId: number, field?: string) => taskRowOf(db, businessId, taskId, field, true);

/** A task as the audit log names it. */
const taskTarget = (id: number, task: { nameEn: string | null; nameAr: string | null }) => ({ type: 'task', id, name: task.nameEn ?? task.nameAr ?? null });

/**
 * A task row as given, without createTask's checks: a copy of a task or a template, inside its
 * transaction; recorded as created, with what it was made from (`from`: the task or template's name).
 */
export async function createTaskRow(tx: Db, caller: Caller, values: TaskValues, from: { copyOf: string | null } | { template: string | null }) {
  const id = await insertTask(tx, caller.businessId, caller.userId, values);
  await recordEvent(tx, {
    businessId: caller.businessId,
    kind: 'task.created',
    actorId: caller.userId,
    data: { target: taskTarget(id, values), after: { nameEn: values.nameEn, nameAr: values.nameAr, ...from } },
  });
  return id;
}

async function valuesOf(db: Db, businessId: number, body: TaskInput): Promise<TaskValues> {
  if (body.tagId !== null) await requireTagIds(db, businessId, [body.tagId], 'tagId');
  return {
    nameEn: body.nameEn,
    nameAr: body.nameAr,
    descriptionEn: body.descriptionEn,
    descriptionAr: body.descriptionAr,
    geoRestrictionEnabled: body.geoRestrictionEnabled,
    tagId: body.tagId,
  };
}

export async function createTask(db: Db, caller: Caller, body: TaskInput) {
  const values = await valuesOf(db, caller.businessId, body);
  const id = await db.transaction(async (tx) => {
    const made = await insertTask(tx, caller.businessId, caller.userId, values);
    await recordEvent(tx, {
      businessId: caller.businessId,
      kind: 'task.created',
      actorId: caller.userId,
      data: { target: taskTarget(made, values), after: { ...values } },
    });
    return made;
  });
  return requireTask(db, caller.businessId, id);
}

/** Records a change of the task's own fields, when there was one, in `tx`. */
async function recordTaskChange(tx: Db, caller: Caller, id: number, before: Record<string, unknown> & TaskNames, after: Record<string, unknown>) {
  const change = changedFields(before, after);
  if (!change) return;
  await recordEvent(tx, {
    businessId: caller.businessId,
    kind: 'task.updated',
    actorId: caller.userId,
    data: { target: taskTarget(id, { ...before, ...after } as TaskNames), ...change },
  });
}
type TaskNames = { nameEn: string | null; nameAr: string | null };

/**
 * Records a change to a part of task `task` (an action or a section, modules/workflow/actions) as
 * a change of the task, in `tx`: the part by name and how it changed, with a summary before and after.
 */
export async function recordTaskPartChange(
  tx: Db,
  caller: Caller,
  task: { id: number } & TaskNames,
  change: Required<Pick<ChangeData, 'part'>> & Pick<ChangeData, 'before' | 'after'>,
) {
  await recordEvent(tx, {
    businessId: caller.businessId,
    kind: 'task.updated',
    actorId: caller.userId,
    data: { target: taskTarget(task.id, task), ...change },
  });
}

export async function updateTask(db: Db, caller: Caller, id: number, body: TaskInput) {
  const { businessId } = caller;
  const before = await requireTaskRow(db, businessId, id);
  const values = await valuesOf(db, businessId, body);
  await db.transaction(async (tx) => {
    await updateTaskRow(tx, businessId, id, values);
    await recordTaskChange(tx, caller, id, before, { ...values });
  });
  return requireTask(db, businessId, id);
}

export async function updateTaskSettings(db: Db, caller: Caller, id: number, body: z.output<typeof taskSettingsRequest>) {
  const { businessId } = caller;
  const before = await requireTaskRow(db, businessId, id);
  const values: Partial<TaskValues> = {};
  if (body.geoRestrictionEnabled !== undefined) values.geoRestrictionEnabled = body.geoRestrictionEnabled;
  if (body.passMark !== undefined) values.passMark = body.passMark;
  if (body.accuracyThreshold !== undefined) values.accuracyThreshold = body.accuracyThreshold;
  if (body.stampPhotos !== undefined) values.stampPhotos = body.stampPhotos;
  if (Object.keys(values).length > 0) {
    await db.transaction(async (tx) => {
      await updateTaskRow(tx, businessId, id, values);
      await recordTaskChange(tx, caller, id, before, { ...values });
    });
  }
  return requireTask(db, businessId, id);
}

export async function deleteTask(db: Db, caller: Caller, id: number) {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    const task = await lockTask(tx, businessId, id);
    await deleteTaskRows(tx, businessId, id);
    await recordEvent(tx, {
      businessId,
      kind: 'task.deleted',
      actorId: caller.userId,
      data: { target: taskTarget(id, task), before: { nameEn: task.nameEn, nameAr: task.nameAr } },
    });
  });
}
