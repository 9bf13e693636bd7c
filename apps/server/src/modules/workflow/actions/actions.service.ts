// The rules of a task's actions: they are kept in order 1..n, chain rules stay valid through
// every change, and each change runs in one transaction that first locks the task row and
// records the change as one of the task's (actions-audit.ts).
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { Action, ActionCriteria, actionRequest, actionUpdateRequest, reorderActionsRequest } from '@fieldops/shared/tasks';
import { must } from '@fieldops/shared/must';
import { DEFAULT_SETTINGS, ruleKeysFor } from '@fieldops/shared/inspection-score';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError, missingReference, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { actionChange, addedAction, moves, partOf, placesOf, removedAction, ruleChange } from './actions-audit.ts';
import { arrangeBySection, checkLayoutKeepsSectionRules } from './layout.ts';
import { findSectionDependents, type SectionRow } from './sections.repository.ts';
import { sectionsOfTask } from './sections.service.ts';
import { requireTagIds } from '../tags/tags.service.ts';
import { lockTask, recordTaskPartChange, requireTaskRow } from '../tasks/tasks.service.ts';
import {
  copyActionTags,
  deleteActionRow,
  findActionRow,
  findActionRows,
  findActionRowsPage,
  findDependents,
  insertAction,
  insertActionTags,
  isCompact,
  orderStats,
  renumberActions,
  updateActionRow,
  withTags,
  writeCriteria,
  writeOrder,
  type ActionRow,
  type ActionValues,
} from './actions.repository.ts';
import { checkOrderKeepsRules, checkRule, namesOf, rulesBrokenBy } from './chain-rules.ts';

type ActionInput = z.output<typeof actionRequest>;
type ActionUpdateInput = z.output<typeof actionUpdateRequest>;

/**
 * The values to store. A change that leaves out the section, weight, settings or rules keeps the
 * action's own (`current`); its kept rules are those of answers the action still has.
 */
function valuesOf(body: ActionInput | ActionUpdateInput, current?: ActionRow): ActionValues {
  const settings = body.settings ?? current?.settings ?? DEFAULT_SETTINGS;
  const keys = ruleKeysFor(body.type, body.options.length, settings);
  const kept = Object.fromEntries(Object.entries(current?.rules ?? {}).filter(([key]) => keys.includes(key)));
  return {
    nameEn: body.nameEn,
    nameAr: body.nameAr,
    descriptionEn: body.descriptionEn,
    descriptionAr: body.descriptionAr,
    type: body.type,
    options: body.options,
    required: body.required,
    sectionId: body.sectionId === undefined ? (current?.sectionId ?? null) : body.sectionId,
    weight: body.weight ?? current?.weight ?? 1,
    settings,
    rules: body.rules ?? kept,
  };
}

/** Refuses a section that is not one of the task's (404 when the business has no such section). */
function requireSectionOf(sections: readonly SectionRow[], sectionId: number | null) {
  if (sectionId !== null && !sections.some((s) => s.id === sectionId)) throw missingReference('sectionId', MSG.sectionNotFound);
}

/**
 * Writes the task's order after an action came into or moved to a section: each section's actions
 * together, in the sections' order, the moved one last in its section. Refused if a rule would
 * then point forwards.
 */
async function placeInSection(tx: Db, businessId: number, taskId: number, movedId: number) {
  const [rows, sections] = await Promise.all([findActionRows(tx, businessId, taskId), sectionsOfTask(tx, businessId, taskId)]);
  const moved = rows.find((a) => a.id === movedId);
  if (!moved) return;
  const ordered = arrangeBySection([...rows.filter((a) => a.id !== movedId), moved], sections);
  checkOrderKeepsRules(ordered);
  checkLayoutKeepsSectionRules(new Map(ordered.map((a) => [a.id, a])), sections);
  await writeOrder(
    tx,
    businessId,
    taskId,
    ordered.map((a) => a.id),
  );
}

/** The rules, of actions and of sections, that depend on the answers of action `id`. */
async function dependentsOf(tx: Db, businessId: number, id: number) {
  const [actionsDepending, sectionsDepending] = await Promise.all([findDependents(tx, businessId, id), findSectionDependents(tx, businessId, id)]);
  return [...actionsDepending, ...sectionsDepending];
}

/**
 * A task's actions in order. Orders are renumbered 1..n when a task is read: when they are not
 * (gaps, ties), they are rewritten in one statement under the task's lock and read again.
 */
export async function listActions(db: Db, businessId: number, taskId: number): Promise<Action[]> {
  let rows = await findActionRows(db, businessId, taskId);
  if (!isCompact(rows)) {
    await renumber(db, businessId, taskId);
    rows = await findActionRows(db, businessId, taskId);
  }
  return withTags(db, rows);
}

/** One page of a task's actions in order, renumbered first when needed. */
export async function pageActions(db: Db, businessId: number, taskId: number, page: { page: number; size: number }) {
  await requireTaskRow(db, businessId, taskId);
  const stats = await orderStats(db, businessId, taskId);
  if (!stats.compact) await renumber(db, businessId, taskId);
  const rows = await findActionRowsPage(db, businessId, taskId, page);
  return { items: await withTags(db, rows), total: stats.total };
}

async function renumber(db: Db, businessId: number, taskId: number) {
  await db.transaction(async (tx) => {
    await lockTask(tx, businessId, taskId);
    await renumberActions(tx, businessId, taskId);
  });
}

/** The bare action, without its tags; null when it is not the business's. */
export const actionRowOf = (db: Db, businessId: number, id: number) => findActionRow(db, businessId, id);

export async function requireAction(db: Db, businessId: number, id: number): Promise<Action> {
  const row = await findActionRow(db, businessId, id);
  if (!row) throw notFound(MSG.actionNotFound);
  const [found] = await withTags(db, [row]);
  return must(found, 'withTags gives back one action per row');
}

/**
 * Locks the task of action `id` and answers its actions in order with the action among them.
 * The action is looked up again under the lock, so one deleted meanwhile answers 404.
 */
async function lockActionAndTask(tx: Db, businessId: number, id: number) {
  const row = await findActionRow(tx, businessId, id);
  if (!row) throw notFound(MSG.actionNotFound);
  const task = await lockTask(tx, businessId, row.taskId);
  const ordered = await findActionRows(tx, businessId, row.taskId);
  const action = ordered.find((a) => a.id === id);
  if (!action) throw notFound(MSG.actionNotFound);
  return { action, ordered, task };
}

/** The action `id` among its task's actions as they are now, and where it stands (1 for the first). */
async function placedNow(tx: Db, businessId: number, taskId: number, id: number) {
  const ordered = await findActionRows(tx, businessId, taskId);
  const at = ordered.findIndex((a) => a.id === id);
  return { row: must(ordered[at], 'the action was written in this transaction'), position: at + 1, ordered };
}

/** Appends an action at the end of its section (or of its task), with its tags. */
export async function createAction(db: Db, caller: Caller, body: ActionInput) {
  const { businessId } = caller;
  const id = await db.transaction(async (tx) => {
    const { task, ordered } = await lockTaskAndList(tx, businessId, body.taskId);
    const sections = await sectionsOfTask(tx, businessId, body.taskId);
    requireSectionOf(sections, body.sectionId);
    const tagIds = await requireTagIds(tx, businessId, body.tagIds);
    const last = ordered.at(-1)?.order ?? 0;
    const newId = await insertAction(tx, businessId, body.taskId, Math.max(last, ordered.length) + 1, valuesOf(body));
    await insertActionTags(tx, businessId, newId, tagIds);
    if (body.sectionId !== null) await placeInSection(tx, businessId, body.taskId, newId);
    const made = await placedNow(tx, businessId, body.taskId, newId);
    await recordTaskPartChange(tx, caller, task, { part: partOf('action', 'added', made.row), after: addedAction(made.row, made.position, sections) });
    return newId;
  });
  return requireAction(db, businessId, id);
}

async function lockTaskAndList(tx: Db, businessId: number, taskId: number) {
  const task = await lockTask(tx, businessId, taskId, 'taskId');
  return { task, ordered: await findActionRows(tx, businessId, taskId) };
}

/**
 * Changes an action. A change of type or options that would leave a rule depending on this
 * action with an answer the action no longer has is refused, naming those rules' actions.
 */
export async function updateAction(db: Db, caller: Caller, id: number, body: ActionUpdateInput) {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    const { action, task } = await lockActionAndTask(tx, businessId, id);
    const values = valuesOf(body, action);
    const sections = await sectionsOfTask(tx, businessId, action.taskId);
    // What does not exist is refused as such before any question of rules.
    const changesSection = values.sectionId !== action.sectionId;
    if (changesSection) requireSectionOf(sections, values.sectionId);
    const broken = rulesBrokenBy(await dependentsOf(tx, businessId, id), body.type, body.options.length);
    if (broken.length > 0) throw new AppError(409, MSG.actionAnswersInUse, { detail: namesOf(broken) });
    // Only an instruction shows a picture: one that becomes another type lets go of it (the file
    // sweep removes the file once nothing names it).
    await updateActionRow(tx, businessId, id, body.type === 'INSTRUCTION' ? values : { ...values, image: null });
    if (changesSection) await placeInSection(tx, businessId, action.taskId, id);
    const change = actionChange(action, { ...action, ...values }, sections);
    if (change) await recordTaskPartChange(tx, caller, task, { part: partOf('action', 'changed', action), ...change });
  });
  return requireAction(db, businessId, id);
}

/** Deletes an action no rule depends on, then renumbers the rest 1..n. */
export async function deleteAction(db: Db, caller: Caller, id: number) {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    const { action, ordered, task } = await lockActionAndTask(tx, businessId, id);
    const dependents = await dependentsOf(tx, businessId, id);
    if (dependents.length > 0) throw new AppError(409, MSG.actionHasDependents, { detail: namesOf(dependents) });
    await deleteActionRow(tx, businessId, id);
    const rest = ordered.filter((a) => a.id !== id).map((a) => a.id);
    await writeOrder(tx, businessId, action.taskId, rest);
    const position = ordered.findIndex((a) => a.id === id) + 1;
    await recordTaskPartChange(tx, caller, task, { part: partOf('action', 'removed', action), before: removedAction(action, position) });
  });
}

/** Copies an action, with its rule and tags, right after the original; later ones move down. */
export async function duplicateAction(db: Db, caller: Caller, id: number) {
  const { businessId } = caller;
  const copyId = await db.transaction(async (tx) => {
    const { action, ordered, task } = await lockActionAndTask(tx, businessId, id);
    const newId = await insertAction(tx, businessId, action.taskId, action.order + 1, {
      nameEn: action.nameEn,
      nameAr: action.nameAr,
      descriptionEn: action.descriptionEn,
      descriptionAr: action.descriptionAr,
      type: action.type,
      options: action.options,
      required: action.required,
      sectionId: action.sectionId,
      weight: action.weight,
      settings: action.settings,
      rules: action.rules,
      image: action.image,
    });
    // The original's base is earlier than the original, so it is earlier than the copy too.
    await writeCriteria(tx, businessId, newId, action.criteria);
    await copyActionTags(tx, businessId, id, newId);
    const ids = ordered.map((a) => a.id);
    ids.splice(ids.indexOf(id) + 1, 0, newId);
    await writeOrder(tx, businessId, action.taskId, ids);
    const copy = await placedNow(tx, businessId, action.taskId, newId);
    const sections = await sectionsOfTask(tx, businessId, action.taskId);
    await recordTaskPartChange(tx, caller, task, { part: partOf('action', 'copied', copy.row), after: addedAction(copy.row, copy.position, sections) });
    return newId;
  });
  return requireAction(db, businessId, copyId);
}

/** Puts a task's actions in the given order: all of them, once each, every base before its targets. */
export async function reorderActions(db: Db, caller: Caller, body: z.output<typeof reorderActionsRequest>) {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    const { task, ordered: current } = await lockTaskAndList(tx, businessId, body.taskId);
    const byId = new Map(current.map((a) => [a.id, a]));
    const unique = new Set(body.actionIds);
    if (unique.size !== body.actionIds.length || body.actionIds.length !== current.length || body.actionIds.some((a) => !byId.has(a))) {
      throw fieldError('actionIds', MSG.reorderMismatch);
    }
    // Actions stay in their sections: the order given decides within each.
    const ordered = arrangeBySection(
      body.actionIds.map((a) => byId.get(a) as ActionRow),
      await sectionsOfTask(tx, businessId, body.taskId),
    );
    checkOrderKeepsRules(ordered);
    await writeOrder(
      tx,
      businessId,
      body.taskId,
      ordered.map((a) => a.id),
    );
    const moved = moves(placesOf(current), placesOf(ordered));
    if (moved) await recordTaskPartChange(tx, caller, task, { part: partOf('action', 'moved', null), ...moved });
  });
  return listActions(db, businessId, body.taskId);
}

/** Sets (or with null removes) the chain rule of an action. */
export async function setCriteria(db: Db, caller: Caller, id: number, criteria: ActionCriteria | null) {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    const { action, ordered, task } = await lockActionAndTask(tx, businessId, id);
    if (criteria) {
      const baseId = criteria.condition.baseActionId;
      const base = ordered.find((a) => a.id === baseId) ?? (await findActionRow(tx, businessId, baseId));
      checkRule(ordered, action, criteria, base);
    }
    await writeCriteria(tx, businessId, id, criteria);
    const change = ruleChange(action.criteria, criteria, ordered);
    if (change) await recordTaskPartChange(tx, caller, task, { part: partOf('action', criteria ? 'rule_set' : 'rule_removed', action), ...change });
  });
  return requireAction(db, businessId, id);
}
