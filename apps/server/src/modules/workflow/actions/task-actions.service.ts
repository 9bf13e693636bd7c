// A task together with its actions: read with them, copied with them (a duplicate), turned into
// a document and back for templates. The task row and its lock are the tasks module's; the
// actions, their rules and tags are this module's.
import type { TaskWithActions, TemplateContent } from '@fieldops/shared/tasks';
import type { Db } from '../../../db/client.ts';
import type { Caller } from '../../../policies/caller.ts';
import { createTaskRow, lockTask, requireTask } from '../tasks/tasks.service.ts';
import { findActionRows, insertContentActions, tagsOfActions } from './actions.repository.ts';
import { listActions } from './actions.service.ts';
import { findSectionRows, insertSection, writeSectionCriteria } from './sections.repository.ts';
import { contentOfActions, contentOfSections } from './task-content.ts';

/** Names are at most this long (the request's limit), suffix included. */
const NAME_MAX = 200;
const COPY_SUFFIX = { en: ' (copy)', ar: ' (نسخة)' };
const withSuffix = (name: string | null, suffix: string) => (name ? `${name.slice(0, NAME_MAX - suffix.length)}${suffix}` : null);

/** The task; with `eager`, its actions in order (renumbered 1..n when needed) and its sections. */
export async function getTaskWithActions(db: Db, businessId: number, id: number, eager: boolean): Promise<TaskWithActions> {
  const task = await requireTask(db, businessId, id);
  if (!eager) return { ...task, actions: [], sections: [] };
  const [actions, sections] = await Promise.all([listActions(db, businessId, id), findSectionRows(db, businessId, id)]);
  return { ...task, actions, sections };
}

/**
 * A deep copy: the actions in the same order with their options, tags and rules (re-pointed at
 * the copies), and the task's tag. Each name that exists gets the copy suffix of its language.
 */
export async function duplicateTask(db: Db, caller: Caller, id: number) {
  const { businessId } = caller;
  const copyId = await db.transaction(async (tx) => {
    const source = await lockTask(tx, businessId, id);
    const [rows, sections] = await Promise.all([findActionRows(tx, businessId, id), findSectionRows(tx, businessId, id)]);
    const tags = await tagsOfActions(
      tx,
      rows.map((r) => r.id),
    );
    const newId = await createTaskRow(
      tx,
      caller,
      {
        nameEn: withSuffix(source.nameEn, COPY_SUFFIX.en),
        nameAr: withSuffix(source.nameAr, COPY_SUFFIX.ar),
        descriptionEn: source.descriptionEn,
        descriptionAr: source.descriptionAr,
        geoRestrictionEnabled: source.geoRestrictionEnabled,
        tagId: source.tagId,
        passMark: source.passMark,
        accuracyThreshold: source.accuracyThreshold,
        stampPhotos: source.stampPhotos,
      },
      { copyOf: source.nameEn ?? source.nameAr },
    );
    await insertTaskContent(
      tx,
      businessId,
      newId,
      { actions: contentOfActions(rows, sections), sections: contentOfSections(rows, sections) },
      rows.map((r) => (tags.get(r.id) ?? []).map((t) => t.id)),
    );
    return newId;
  });
  return requireTask(db, businessId, copyId);
}

/** The task's row and its actions and sections as a document; call inside a transaction, which keeps the task locked. */
export async function lockTaskContent(tx: Db, businessId: number, taskId: number) {
  const task = await lockTask(tx, businessId, taskId);
  const [rows, sections] = await Promise.all([findActionRows(tx, businessId, taskId), findSectionRows(tx, businessId, taskId)]);
  return { task, actions: contentOfActions(rows, sections), sections: contentOfSections(rows, sections) };
}

/**
 * Adds a document's sections and actions to an empty task; call inside the transaction that made
 * the task. A section's rule is kept only when its base comes before the section, as when it was made.
 */
export async function insertTaskContent(
  tx: Db,
  businessId: number,
  taskId: number,
  content: Pick<TemplateContent, 'actions' | 'sections'>,
  tagIdsByIndex: readonly (readonly number[])[] = [],
): Promise<number[]> {
  const sections = content.sections ?? [];
  const sectionIds: number[] = [];
  for (const [i, section] of sections.entries()) {
    const { criteria: _criteria, ...values } = section;
    sectionIds.push(await insertSection(tx, businessId, taskId, i + 1, values));
  }
  const ids = await insertContentActions(tx, businessId, taskId, content.actions, tagIdsByIndex, sectionIds);
  for (const [i, section] of sections.entries()) {
    const rule = section.criteria;
    const baseId = rule ? ids[rule.condition.baseIndex] : undefined;
    const baseSection = rule ? content.actions[rule.condition.baseIndex]?.section : undefined;
    const sectionId = sectionIds[i];
    if (!rule || baseId === undefined || sectionId === undefined || (baseSection !== undefined && baseSection !== null && baseSection >= i)) continue;
    await writeSectionCriteria(tx, businessId, sectionId, { condition: { baseActionId: baseId, answer: rule.condition.answer }, visibility: rule.visibility });
  }
  return ids;
}
