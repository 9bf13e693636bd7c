// The rules of tasks: a task's tag is one of the business's tags, deleting a task takes its
// actions with it, and a duplicate is a deep copy whose rules point at the copied actions.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { Task, TaskWithActions, taskRequest, taskSettingsRequest } from '@fieldops/shared/tasks';
import type { Db } from '../../db/client.ts';
import { missingReference, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../policies/caller.ts';
import { findActionRows, tagsOfActions } from '../actions/actions.repository.ts';
import { listActions, lockTask } from '../actions/actions.service.ts';
import { existingTagIds } from '../tags/tags.repository.ts';
import { contentOfActions, insertContentActions } from './task-content.ts';
import { deleteTaskRows, findTask, insertTask, updateTaskRow, type TaskValues } from './tasks.repository.ts';

type TaskInput = z.output<typeof taskRequest>;

/** Names are at most this long (the request's limit), suffix included. */
const NAME_MAX = 200;
const COPY_SUFFIX = { en: ' (copy)', ar: ' (نسخة)' };
const withSuffix = (name: string | null, suffix: string) => (name ? `${name.slice(0, NAME_MAX - suffix.length)}${suffix}` : null);

export async function requireTask(db: Db, businessId: number, id: number): Promise<Task> {
  const found = await findTask(db, businessId, id);
  if (!found) throw notFound(MSG.taskNotFound);
  return found;
}

async function valuesOf(db: Db, businessId: number, body: TaskInput): Promise<TaskValues> {
  if (body.tagId !== null && (await existingTagIds(db, businessId, [body.tagId])).length === 0) {
    throw missingReference('tagId', MSG.tagNotFound);
  }
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
  const id = await insertTask(db, caller.businessId, caller.userId, await valuesOf(db, caller.businessId, body));
  return requireTask(db, caller.businessId, id);
}

export async function updateTask(db: Db, businessId: number, id: number, body: TaskInput) {
  await requireTask(db, businessId, id);
  await updateTaskRow(db, businessId, id, await valuesOf(db, businessId, body));
  return requireTask(db, businessId, id);
}

export async function updateTaskSettings(db: Db, businessId: number, id: number, body: z.output<typeof taskSettingsRequest>) {
  await requireTask(db, businessId, id);
  await updateTaskRow(db, businessId, id, { geoRestrictionEnabled: body.geoRestrictionEnabled });
  return requireTask(db, businessId, id);
}

/** The task; with `eager`, its actions in order (renumbered 1..n when needed). */
export async function getTaskWithActions(db: Db, businessId: number, id: number, eager: boolean): Promise<TaskWithActions> {
  const task = await requireTask(db, businessId, id);
  return { ...task, actions: eager ? await listActions(db, businessId, id) : [] };
}

export async function deleteTask(db: Db, businessId: number, id: number) {
  await db.transaction(async (tx) => {
    await lockTask(tx, businessId, id);
    await deleteTaskRows(tx, businessId, id);
  });
}

/**
 * A deep copy: the actions in the same order with their options, tags and rules (re-pointed at
 * the copies), and the task's tag. Each name that exists gets the copy suffix of its language.
 */
export async function duplicateTask(db: Db, caller: Caller, id: number) {
  const { businessId } = caller;
  const copyId = await db.transaction(async (tx) => {
    const source = await lockTask(tx, businessId, id);
    const rows = await findActionRows(tx, businessId, id);
    const tags = await tagsOfActions(tx, rows.map((r) => r.id));
    const newId = await insertTask(tx, businessId, caller.userId, {
      nameEn: withSuffix(source.nameEn, COPY_SUFFIX.en),
      nameAr: withSuffix(source.nameAr, COPY_SUFFIX.ar),
      descriptionEn: source.descriptionEn,
      descriptionAr: source.descriptionAr,
      geoRestrictionEnabled: source.geoRestrictionEnabled,
      tagId: source.tagId,
    });
    await insertContentActions(tx, businessId, newId, contentOfActions(rows), rows.map((r) => (tags.get(r.id) ?? []).map((t) => t.id)));
    return newId;
  });
  return requireTask(db, businessId, copyId);
}
