// A task together with its actions: read with them, copied with them (a duplicate), turned into
// a document and back for templates. The task row and its lock are the tasks module's; the
// actions, their rules and tags are this module's.
import type { TaskWithActions, TemplateAction } from '@fieldops/shared/tasks';
import type { Db } from '../../../db/client.ts';
import type { Caller } from '../../../policies/caller.ts';
import { createTaskRow, lockTask, requireTask } from '../tasks/tasks.service.ts';
import { findActionRows, insertContentActions, tagsOfActions } from './actions.repository.ts';
import { listActions } from './actions.service.ts';
import { contentOfActions } from './task-content.ts';

/** Names are at most this long (the request's limit), suffix included. */
const NAME_MAX = 200;
const COPY_SUFFIX = { en: ' (copy)', ar: ' (نسخة)' };
const withSuffix = (name: string | null, suffix: string) => (name ? `${name.slice(0, NAME_MAX - suffix.length)}${suffix}` : null);

/** The task; with `eager`, its actions in order (renumbered 1..n when needed). */
export async function getTaskWithActions(db: Db, businessId: number, id: number, eager: boolean): Promise<TaskWithActions> {
  const task = await requireTask(db, businessId, id);
  return { ...task, actions: eager ? await listActions(db, businessId, id) : [] };
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
    const tags = await tagsOfActions(
      tx,
      rows.map((r) => r.id),
    );
    const newId = await createTaskRow(tx, businessId, caller.userId, {
      nameEn: withSuffix(source.nameEn, COPY_SUFFIX.en),
      nameAr: withSuffix(source.nameAr, COPY_SUFFIX.ar),
      descriptionEn: source.descriptionEn,
      descriptionAr: source.descriptionAr,
      geoRestrictionEnabled: source.geoRestrictionEnabled,
      tagId: source.tagId,
    });
    await insertContentActions(
      tx,
      businessId,
      newId,
      contentOfActions(rows),
      rows.map((r) => (tags.get(r.id) ?? []).map((t) => t.id)),
    );
    return newId;
  });
  return requireTask(db, businessId, copyId);
}

/** The task's row and its actions as a document; call inside a transaction, which keeps the task locked. */
export async function lockTaskContent(tx: Db, businessId: number, taskId: number) {
  const task = await lockTask(tx, businessId, taskId);
  return { task, actions: contentOfActions(await findActionRows(tx, businessId, taskId)) };
}

/** Adds a document's actions to an empty task; call inside the transaction that made the task. */
export function insertTaskContent(tx: Db, businessId: number, taskId: number, content: readonly TemplateAction[]) {
  return insertContentActions(tx, businessId, taskId, content);
}
