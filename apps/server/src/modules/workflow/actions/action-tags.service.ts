// Tags on actions: the actions carrying a tag, and adding or taking tags off an action (a change of
// its task, in the audit log). The tags themselves (at most 3 a business) are the tags module's.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { actionTagsRequest, TagAction } from '@fieldops/shared/tasks';
import type { Db } from '../../../db/client.ts';
import { missingReference } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { requireTag, requireTagIds } from '../tags/tags.service.ts';
import { lockTask, recordTaskPartChange } from '../tasks/tasks.service.ts';
import { partOf } from './actions-audit.ts';
import { findActionRow, findTagActionRows, insertActionTags, removeActionTags, tagsOfActions, toAction } from './actions.repository.ts';
import { requireAction } from './actions.service.ts';

type ActionTagsInput = z.output<typeof actionTagsRequest>;

export async function pageTagActions(db: Db, businessId: number, tagId: number, page: { page: number; size: number }) {
  await requireTag(db, businessId, tagId);
  const { rows, total } = await findTagActionRows(db, businessId, tagId, page);
  const byAction = await tagsOfActions(
    db,
    rows.map((r) => r.id),
  );
  const items: TagAction[] = rows.map((r) => ({
    ...toAction(r, byAction.get(r.id) ?? []),
    taskNameEn: r.taskNameEn,
    taskNameAr: r.taskNameAr,
  }));
  return { items, total };
}

/**
 * Adds (`add`) or takes off tags of an action, under its task's lock, and records the change of
 * its tags (by name) as one of the task's when there was one.
 */
async function changeTags(db: Db, caller: Caller, body: ActionTagsInput, add: boolean) {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    const found = await findActionRow(tx, businessId, body.actionId);
    if (!found) throw missingReference('actionId', MSG.actionNotFound);
    const task = await lockTask(tx, businessId, found.taskId);
    // Read again under the lock: an action deleted meanwhile is refused as one never there.
    const action = await findActionRow(tx, businessId, body.actionId);
    if (!action) throw missingReference('actionId', MSG.actionNotFound);
    const tagIds = await requireTagIds(tx, businessId, body.tagIds);
    const tagsNow = async () => ((await tagsOfActions(tx, [action.id])).get(action.id) ?? []).map((tag) => tag.nameEn || tag.nameAr).join(', ');
    const before = await tagsNow();
    if (add) await insertActionTags(tx, businessId, action.id, tagIds);
    else await removeActionTags(tx, businessId, action.id, tagIds);
    const after = await tagsNow();
    if (after !== before) {
      await recordTaskPartChange(tx, caller, task, { part: partOf('action', 'tags_changed', action), before: { tags: before }, after: { tags: after } });
    }
  });
  return requireAction(db, businessId, body.actionId);
}

/** Adds tags to an action; tags it already has are left as they are. */
export const assignTags = (db: Db, caller: Caller, body: ActionTagsInput) => changeTags(db, caller, body, true);

export const unassignTags = (db: Db, caller: Caller, body: ActionTagsInput) => changeTags(db, caller, body, false);
