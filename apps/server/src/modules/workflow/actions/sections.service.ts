// Sections of a task: created empty at its end, renamed, given a chain rule, deleted (their actions
// join the section before), and the whole layout set at once after a move in the builder. Every
// change locks the task's row first, as the changes to its actions do, and is recorded as a change
// of the task (actions-audit.ts).
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { ActionCriteria, layoutRequest, Section, sectionRequest, sectionUpdateRequest } from '@fieldops/shared/tasks';
import type { Db } from '../../../db/client.ts';
import { changedFields } from '../../../lib/audit-changes.ts';
import { fieldError, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { addedSection, moves, partOf, placesOf, ruleChange, sectionFields, sectionName, type Placed } from './actions-audit.ts';
import { findActionRow, findActionRows, writeOrder, type ActionRow } from './actions.repository.ts';
import { checkOrderKeepsRules } from './chain-rules.ts';
import { lockTask, recordTaskPartChange, requireTaskRow } from '../tasks/tasks.service.ts';
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
  const task = await lockTask(tx, businessId, row.taskId);
  const sections = await findSectionRows(tx, businessId, row.taskId);
  const section = sections.find((s) => s.id === id);
  if (!section) throw notFound(MSG.sectionNotFound);
  return { section, sections, task };
}

const valuesOf = (body: SectionUpdateInput) => ({
  nameEn: body.nameEn,
  nameAr: body.nameAr,
  descriptionEn: body.descriptionEn,
  descriptionAr: body.descriptionAr,
});

/** A new, empty section at the end of its task. */
export async function createSection(db: Db, caller: Caller, body: SectionInput): Promise<Section> {
  const { businessId } = caller;
  const id = await db.transaction(async (tx) => {
    const task = await lockTask(tx, businessId, body.taskId, 'taskId');
    const sections = await findSectionRows(tx, businessId, body.taskId);
    const values = valuesOf(body);
    const made = await insertSection(tx, businessId, body.taskId, sections.length + 1, values);
    await recordTaskPartChange(tx, caller, task, {
      part: partOf('section', 'added', { id: made, ...values }),
      after: addedSection(values, sections.length + 1),
    });
    return made;
  });
  return requireSection(db, businessId, id);
}

export async function updateSection(db: Db, caller: Caller, id: number, body: SectionUpdateInput): Promise<Section> {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    const { section, task } = await lockSectionAndTask(tx, businessId, id);
    const values = valuesOf(body);
    await updateSectionRow(tx, businessId, id, values);
    const change = changedFields(sectionFields(section), sectionFields(values));
    if (change) await recordTaskPartChange(tx, caller, task, { part: partOf('section', 'changed', section), ...change });
  });
  return requireSection(db, businessId, id);
}

/** Sets (or with null removes) the rule that shows, dims or hides the whole section. */
export async function setSectionCriteria(db: Db, caller: Caller, id: number, criteria: ActionCriteria | null): Promise<Section> {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    const { section, sections, task } = await lockSectionAndTask(tx, businessId, id);
    if (criteria) checkSectionRule(sections, section, criteria, await findActionRow(tx, businessId, criteria.condition.baseActionId));
    await writeSectionCriteria(tx, businessId, id, criteria);
    const change = ruleChange(section.criteria, criteria, await findActionRows(tx, businessId, section.taskId));
    if (change) await recordTaskPartChange(tx, caller, task, { part: partOf('section', criteria ? 'rule_set' : 'rule_removed', section), ...change });
  });
  return requireSection(db, businessId, id);
}

/**
 * Deletes a section. Its actions stay where they are in the task's order and join the section
 * before it (or none, for the first), so no rule changes direction.
 */
export async function deleteSection(db: Db, caller: Caller, id: number): Promise<void> {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    const { section, sections, task } = await lockSectionAndTask(tx, businessId, id);
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
    await recordTaskPartChange(tx, caller, task, { part: partOf('section', 'removed', section), before: addedSection(section, at + 1) });
  });
}

/**
 * Sets the whole layout of a task: the order of its sections, which actions each holds and
 * their order. Everything the task has must be named once; every rule must still point back.
 */
export async function setLayout(db: Db, caller: Caller, taskId: number, body: LayoutInput) {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    const task = await lockTask(tx, businessId, taskId);
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
    const moved = layoutMoves({ actions: current, sections }, { actions: ordered, sections: newSections });
    if (moved) await recordTaskPartChange(tx, caller, task, { part: partOf('section', 'moved', null), ...moved });
  });
}

/**
 * What a new layout moved: the sections that moved by their positions, then the actions that moved
 * or changed section, by their positions, with their section (by name, '—' for none) where it changed.
 */
function layoutMoves(
  before: { actions: readonly ActionRow[]; sections: readonly SectionRow[] },
  after: { actions: readonly ActionRow[]; sections: readonly SectionRow[] },
) {
  const sectionPlaces = (rows: readonly SectionRow[]): Placed[] => rows.map((s, i) => ({ id: s.id, nameEn: s.nameEn, nameAr: s.nameAr, where: i + 1 }));
  const sectionMoves = moves(sectionPlaces(before.sections), sectionPlaces(after.sections));
  const sectionWas = new Map(before.actions.map((a) => [a.id, a.sectionId]));
  const changedSection = new Set(after.actions.filter((a) => sectionWas.get(a.id) !== a.sectionId).map((a) => a.id));
  const placed = (rows: readonly ActionRow[], sections: readonly SectionRow[]) =>
    placesOf(rows).map((p, i) => (changedSection.has(p.id) ? { ...p, where: `${p.where} · ${sectionName(sections, rows[i]?.sectionId ?? null) ?? '—'}` } : p));
  const actionMoves = moves(
    placed(before.actions, before.sections),
    placed(after.actions, after.sections),
    changedSection,
    new Set(Object.keys(sectionMoves?.after ?? {})),
  );
  if (!sectionMoves && !actionMoves) return null;
  return { before: { ...sectionMoves?.before, ...actionMoves?.before }, after: { ...sectionMoves?.after, ...actionMoves?.after } };
}
