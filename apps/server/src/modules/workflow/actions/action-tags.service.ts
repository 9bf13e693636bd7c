// Tags on actions: the actions carrying a tag, and adding or taking tags off an action. The tags
// themselves (at most 3 a business) are the tags module's.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { actionTagsRequest, TagAction } from '@fieldops/shared/tasks';
import type { Db } from '../../../db/client.ts';
import { missingReference } from '../../../lib/errors.ts';
import { requireTag, requireTagIds } from '../tags/tags.service.ts';
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

async function requireActionAndTags(db: Db, businessId: number, body: ActionTagsInput) {
  if (!(await findActionRow(db, businessId, body.actionId))) throw missingReference('actionId', MSG.actionNotFound);
  return requireTagIds(db, businessId, body.tagIds);
}

/** Adds tags to an action; tags it already has are left as they are. */
export async function assignTags(db: Db, businessId: number, body: ActionTagsInput) {
  const tagIds = await requireActionAndTags(db, businessId, body);
  await insertActionTags(db, businessId, body.actionId, tagIds);
  return requireAction(db, businessId, body.actionId);
}

export async function unassignTags(db: Db, businessId: number, body: ActionTagsInput) {
  const tagIds = await requireActionAndTags(db, businessId, body);
  await removeActionTags(db, businessId, body.actionId, tagIds);
  return requireAction(db, businessId, body.actionId);
}
