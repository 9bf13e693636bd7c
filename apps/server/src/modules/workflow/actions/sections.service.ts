// Sections of a task: created empty at its end, renamed, given a chain rule, deleted (their actions
// join the section before), and the whole layout set at once after a move in the builder. Every
// change locks the task's row first, as the changes to its actions do.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { ActionCriteria, layoutRequest, Section, sectionRequest, sectionUpdateRequest } from '@fieldops/shared/tasks';
import type { Db } from '../../../db/client.ts';
import { fieldError, notFound } from '../../../lib/errors.ts';
import { findActionRow, findActionRows, writeOrder, type ActionRow } from './actions.repository.ts';
import { checkOrderKeepsRules } from './chain-rules.ts';
import { lockTask, requireTaskRow } from '../tasks/tasks.service.ts';
import { checkLayoutKeepsSectionRules, checkSectionRule } from './layout.ts';
import {
  deleteSectionRow,
  findSectionRow,
  findSectionRows,
  insertSection,
  updateSectionRow,
  writeActionSections,
  writeSectionCriteria,
  writeSectionOrder,
  type SectionRow,
} from './sections.repository.ts';

type SectionInput = z.output<typeof sectionRequest>;
type SectionUpdateInput = z.output<typeof sectionUpdateRequest>;
type LayoutInput = z.output<typeof layoutRequest>;

/** A task's sections in order; 404 when the task is not the business's. */
export async function listSections(db: Db, businessId: number, taskId: number): Promise<Section[]> {
  await requireTaskRow(db, businessId, taskId);
  return findSectionRows(db, businessId, taskId);
}

/** A task's sections in order, the task known to be the business's. */
export const sectionsOfTask = (db: Db, businessId: number, taskId: number) => findSectionRows(db, businessId, taskId);

async function requireSection(db: Db, businessId: number, id: number): Promise<SectionRow> {
  const found = await findSectionRow(db, businessId, id);
  if (!found) throw notFound(MSG.sectionNotFound);
  return found;
}

/** Locks the section's task and answers its sections in order with the section among them. */
async function lockSectionAndTask(tx: Db, businessId: number, id: number) {
  const row = await requireSection(tx, businessId, id);
  await lockTask(tx, businessId, row.taskId);
  const sections = await findSectionRows(tx, businessId, row.taskId);
  const section = sections.find((s) => s.id === id);
  if (!section) throw notFound(MSG.sectionNotFound);
  return { section, sections };
}

const valuesOf = (body: SectionUpdateInput) => ({
  nameEn: body.nameEn,
  nameAr: body.nameAr,
  descriptionEn: body.descriptionEn,
  descriptionAr: body.descriptionAr,
});

/** A new, empty section at the end of its task. */
export async function createSection(db: Db, businessId: number, body: SectionInput): Promise<Section> {
  const id = await db.transaction(async (tx) => {
    await lockTask(tx, businessId, body.taskId, 'taskId');
    const sections = await findSectionRows(tx, businessId, body.taskId);
    return insertSection(tx, businessId, body.taskId, sections.length + 1, valuesOf(body));
  });
  return requireSection(db, businessId, id);
}

export async function updateSection(db: Db, businessId: number, id: number, body: SectionUpdateInput): Promise<Section> {
  await db.transaction(async (tx) => {
    await lockSectionAndTask(tx, businessId, id);
    await updateSectionRow(tx, businessId, id, valuesOf(body));
  });
  return requireSection(db, businessId, id);
}

/** Sets (or with null removes) the rule that shows, dims or hides the whole section. */
export async function setSectionCriteria(db: Db, businessId: number, id: number, criteria: ActionCriteria | null): Promise<Section> {
  await db.transaction(async (tx) => {
    const { section, sections } = await lockSectionAndTask(tx, businessId, id);
    if (criteria) checkSectionRule(sections, section, criteria, await findActionRow(tx, businessId, criteria.condition.baseActionId));
    await writeSectionCriteria(tx, businessId, id, criteria);
  });
  return requireSection(db, businessId, id);
}

/**
 * Deletes a section. Its actions stay where they are in the task's order and join the section
 * before it (or none, for the first), so no rule changes direction.
 */
export async function deleteSection(db: Db, businessId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { section, sections } = await lockSectionAndTask(tx, businessId, id);
    const at = sections.findIndex((s) => s.id === id);
    const before = at > 0 ? (sections[at - 1]?.id ?? null) : null;
    const moving = (await findActionRows(tx, businessId, section.taskId)).filter((a) => a.sectionId === id);
    await writeActionSections(tx, businessId, section.taskId, new Map(moving.map((a) => [a.id, before])));
    await deleteSectionRow(tx, businessId, id);
    await writeSectionOrder(
      tx,
      businessId,
      section.taskId,
      sections.filter((s) => s.id !== id).map((s) => s.id),
    );
  });
}

/**
 * Sets the whole layout of a task: the order of its sections, which actions each holds and
 * their order. Everything the task has must be named once; every rule must still point back.
 */
export async function setLayout(db: Db, businessId: number, taskId: number, body: LayoutInput) {
  await db.transaction(async (tx) => {
    await lockTask(tx, businessId, taskId);
    const [current, sections] = await Promise.all([findActionRows(tx, businessId, taskId), findSectionRows(tx, businessId, taskId)]);
    const [first, ...rest] = body.groups;
    const sectionIds = rest.map((g) => g.sectionId);
    const actionIds = body.groups.flatMap((g) => g.actionIds);
    const known = new Map(current.map((a) => [a.id, a]));
    const knownSections = new Set(sections.map((s) => s.id));
    const fits =
      first?.sectionId === null &&
      sectionIds.length === sections.length &&
      new Set(sectionIds).size === sectionIds.length &&
      sectionIds.every((s) => s !== null && knownSections.has(s)) &&
      actionIds.length === current.length &&
      new Set(actionIds).size === actionIds.length &&
      actionIds.every((a) => known.has(a));
    if (!fits) throw fieldError('groups', MSG.layoutMismatch);

    const placed = new Map<number, ActionRow>();
    for (const group of body.groups) {
      for (const actionId of group.actionIds) placed.set(actionId, { ...(known.get(actionId) as ActionRow), sectionId: group.sectionId });
    }
    const ordered = actionIds.map((a) => placed.get(a) as ActionRow);
    const newSections = sectionIds.map((s) => sections.find((x) => x.id === s) as SectionRow);
    checkOrderKeepsRules(ordered);
    checkLayoutKeepsSectionRules(placed, newSections);
    await writeActionSections(tx, businessId, taskId, new Map(ordered.map((a) => [a.id, a.sectionId])));
    await writeOrder(tx, businessId, taskId, actionIds);
    await writeSectionOrder(
      tx,
      businessId,
      taskId,
      newSections.map((s) => s.id),
    );
  });
}
