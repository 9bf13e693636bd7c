// Queries on the ordered actions of a task and their tags. A task's actions are read in
// ("order", id) order; their tags come in one more query, so a list costs two queries.
import { and, asc, count, countDistinct, eq, inArray, max, min, sql } from 'drizzle-orm';
import type { ActionType } from '@fieldops/shared/enums';
import { settingsOf, type ActionSettings, type AnswerRules } from '@fieldops/shared/inspection-score';
import type { Action, ActionCriteria, ActionOption, TagRef, TemplateAction } from '@fieldops/shared/tasks';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { actions, actionTags, tags, tasks } from '../../../db/schema-workflow.ts';

/** An action as stored, without its tags. */
export interface ActionRow {
  id: number;
  taskId: number;
  order: number;
  nameEn: string | null;
  nameAr: string | null;
  descriptionEn: string | null;
  descriptionAr: string | null;
  type: ActionType;
  options: ActionOption[];
  required: boolean;
  criteria: ActionCriteria | null;
  baseActionId: number | null;
  sectionId: number | null;
  weight: number;
  settings: ActionSettings;
  rules: AnswerRules;
  /** An instruction's picture, `/api/files/{key}`; set and removed on its own (instruction-images.service.ts). */
  image: string | null;
}

export interface ActionValues {
  nameEn: string | null;
  nameAr: string | null;
  descriptionEn: string | null;
  descriptionAr: string | null;
  type: ActionType;
  options: ActionOption[];
  required: boolean;
  sectionId: number | null;
  weight: number;
  settings: ActionSettings;
  rules: AnswerRules;
  /** Left out: none on a new action, unchanged on a changed one. */
  image?: string | null;
}

const columns = {
  id: actions.id,
  taskId: actions.taskId,
  order: actions.order,
  nameEn: actions.nameEn,
  nameAr: actions.nameAr,
  descriptionEn: actions.descriptionEn,
  descriptionAr: actions.descriptionAr,
  type: actions.type,
  options: actions.options,
  required: actions.required,
  criteria: actions.criteria,
  baseActionId: actions.baseActionId,
  sectionId: actions.sectionId,
  weight: actions.weight,
  settings: actions.settings,
  rules: actions.rules,
  image: actions.image,
};

const asRow = (r: { type: string; settings: ActionSettings | null } & Omit<ActionRow, 'type' | 'settings'>): ActionRow => ({
  ...r,
  type: r.type as ActionType,
  settings: settingsOf(r.settings),
});

/** The name people know an action by: English, else Arabic, else its id. */
export const actionLabel = (a: { id: number; nameEn: string | null; nameAr: string | null }) => a.nameEn ?? a.nameAr ?? `#${a.id}`;

/** Every action of a task in order. */
export async function findActionRows(db: Db, businessId: number, taskId: number): Promise<ActionRow[]> {
  const rows = await db
    .select(columns)
    .from(actions)
    .where(and(eq(actions.businessId, businessId), eq(actions.taskId, taskId)))
    .orderBy(asc(actions.order), asc(actions.id));
  return rows.map(asRow);
}

/** One page of a task's actions in order. */
export async function findActionRowsPage(db: Db, businessId: number, taskId: number, page: { page: number; size: number }) {
  const rows = await db
    .select(columns)
    .from(actions)
    .where(and(eq(actions.businessId, businessId), eq(actions.taskId, taskId)))
    .orderBy(asc(actions.order), asc(actions.id))
    .limit(page.size)
    .offset(page.page * page.size);
  return rows.map(asRow);
}

export async function findActionRow(db: Db, businessId: number, id: number): Promise<ActionRow | null> {
  const [row] = await db
    .select(columns)
    .from(actions)
    .where(and(eq(actions.businessId, businessId), eq(actions.id, id)));
  return row ? asRow(row) : null;
}

/** How many actions a task has and whether their orders are exactly 1..n. */
export async function orderStats(db: Db, businessId: number, taskId: number) {
  const [row = { n: 0, low: null, high: null, distinct: 0 }] = await db
    .select({ n: count(), low: min(actions.order), high: max(actions.order), distinct: countDistinct(actions.order) })
    .from(actions)
    .where(and(eq(actions.businessId, businessId), eq(actions.taskId, taskId)));
  const compact = row.n === 0 || (row.low === 1 && row.high === row.n && row.distinct === row.n);
  return { total: row.n, compact };
}

export const isCompact = (rows: readonly { order: number }[]) => rows.every((r, i) => r.order === i + 1);

/** Rewrites a task's orders to 1..n in their current ("order", id) sequence, in one statement. */
export async function renumberActions(db: Db, businessId: number, taskId: number) {
  await db.execute(sql`
    UPDATE ${actions} AS a SET "order" = r.rn
    FROM (
      SELECT id, row_number() OVER (ORDER BY "order", id) AS rn
      FROM ${actions} WHERE business_id = ${businessId} AND task_id = ${taskId}
    ) AS r
    WHERE a.id = r.id AND a."order" <> r.rn`);
}

/** Gives the task's actions the orders 1..n of `orderedIds`, in one statement. */
export async function writeOrder(db: Db, businessId: number, taskId: number, orderedIds: readonly number[]) {
  if (orderedIds.length === 0) return;
  const position = sql`array_position(ARRAY[${sql.join(
    orderedIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[], ${actions.id})`;
  await db
    .update(actions)
    .set({ order: sql`${position}` })
    .where(and(eq(actions.businessId, businessId), eq(actions.taskId, taskId), sql`${actions.order} IS DISTINCT FROM ${position}`));
}

/** The tags of each action, keyed by action id. */
export async function tagsOfActions(db: Db, actionIds: readonly number[]): Promise<Map<number, TagRef[]>> {
  const byAction = new Map<number, TagRef[]>();
  if (actionIds.length === 0) return byAction;
  const rows = await db
    .select({ actionId: actionTags.actionId, id: tags.id, nameEn: tags.nameEn, nameAr: tags.nameAr })
    .from(actionTags)
    .innerJoin(tags, eq(tags.id, actionTags.tagId))
    .where(inArray(actionTags.actionId, [...actionIds]))
    .orderBy(asc(actionTags.actionId), asc(tags.id));
  for (const { actionId, ...tag } of rows) {
    const list = byAction.get(actionId) ?? [];
    list.push(tag);
    byAction.set(actionId, list);
  }
  return byAction;
}

export const toAction = (r: ActionRow, tagList: TagRef[]): Action => ({
  id: r.id,
  taskId: r.taskId,
  order: r.order,
  nameEn: r.nameEn,
  nameAr: r.nameAr,
  descriptionEn: r.descriptionEn,
  descriptionAr: r.descriptionAr,
  type: r.type,
  options: r.options,
  required: r.required,
  criteria: r.criteria,
  tags: tagList,
  sectionId: r.sectionId,
  weight: r.weight,
  settings: r.settings,
  rules: r.rules,
  image: r.image,
});

/** Rows with their tags: one query whatever the number of rows. */
export async function withTags(db: Db, rows: readonly ActionRow[]): Promise<Action[]> {
  const byAction = await tagsOfActions(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toAction(r, byAction.get(r.id) ?? []));
}

export async function insertAction(db: Db, businessId: number, taskId: number, order: number, values: ActionValues) {
  const [row] = await db
    .insert(actions)
    .values({ businessId, taskId, order, ...values })
    .returning({ id: actions.id });
  return must(row, 'an insert returns its row').id;
}

export async function updateActionRow(db: Db, businessId: number, id: number, values: Partial<ActionValues>) {
  await db
    .update(actions)
    .set(values)
    .where(and(eq(actions.businessId, businessId), eq(actions.id, id)));
}

/** Sets or clears a rule; `base_action_id` follows the rule so the delete guard can use its index. */
export async function writeCriteria(db: Db, businessId: number, id: number, criteria: ActionCriteria | null) {
  await db
    .update(actions)
    .set({ criteria, baseActionId: criteria?.condition.baseActionId ?? null })
    .where(and(eq(actions.businessId, businessId), eq(actions.id, id)));
}

export async function deleteActionRow(db: Db, businessId: number, id: number) {
  await db.delete(actions).where(and(eq(actions.businessId, businessId), eq(actions.id, id)));
}

/** The actions whose rules use `baseId` as their base (the delete guard, through its index). */
export async function findDependents(db: Db, businessId: number, baseId: number) {
  return db
    .select({ id: actions.id, nameEn: actions.nameEn, nameAr: actions.nameAr, criteria: actions.criteria })
    .from(actions)
    .where(and(eq(actions.baseActionId, baseId), eq(actions.businessId, businessId)))
    .orderBy(asc(actions.order), asc(actions.id));
}

export async function copyActionTags(db: Db, businessId: number, fromId: number, toId: number) {
  await db.execute(sql`
    INSERT INTO ${actionTags} (action_id, tag_id, business_id)
    SELECT ${toId}, tag_id, business_id FROM ${actionTags} WHERE action_id = ${fromId} AND business_id = ${businessId}`);
}

export async function insertActionTags(db: Db, businessId: number, actionId: number, tagIds: readonly number[]) {
  if (tagIds.length === 0) return;
  await db
    .insert(actionTags)
    .values(tagIds.map((tagId) => ({ businessId, actionId, tagId })))
    .onConflictDoNothing();
}

export async function removeActionTags(db: Db, businessId: number, actionId: number, tagIds: readonly number[]) {
  await db.delete(actionTags).where(and(eq(actionTags.businessId, businessId), eq(actionTags.actionId, actionId), inArray(actionTags.tagId, [...tagIds])));
}

/** One page of the actions using a tag, each with its task's names, by action id. */
export async function findTagActionRows(db: Db, businessId: number, tagId: number, page: { page: number; size: number }) {
  const where = and(eq(actionTags.tagId, tagId), eq(actionTags.businessId, businessId));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ ...columns, taskNameEn: tasks.nameEn, taskNameAr: tasks.nameAr })
      .from(actionTags)
      .innerJoin(actions, eq(actions.id, actionTags.actionId))
      .innerJoin(tasks, eq(tasks.id, actions.taskId))
      .where(where)
      .orderBy(asc(actionTags.actionId))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(actionTags).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...asRow(r), taskNameEn: r.taskNameEn, taskNameAr: r.taskNameAr })), total };
}

/**
 * Adds `content` to an empty task as actions 1..n, re-points the rules at the new actions, puts
 * each in the section `sectionIds[section]` (the content's sections, inserted first) and
 * links each action to `tagIdsByIndex[i]`. Three statements whatever the number of actions;
 * call inside a transaction. Answers the new ids in order.
 */
export async function insertContentActions(
  db: Db,
  businessId: number,
  taskId: number,
  content: readonly TemplateAction[],
  tagIdsByIndex: readonly (readonly number[])[] = [],
  sectionIds: readonly number[] = [],
): Promise<number[]> {
  if (content.length === 0) return [];
  const inserted = await db
    .insert(actions)
    .values(
      content.map((a, i) => ({
        businessId,
        taskId,
        order: i + 1,
        nameEn: a.nameEn,
        nameAr: a.nameAr,
        descriptionEn: a.descriptionEn,
        descriptionAr: a.descriptionAr,
        type: a.type,
        options: a.options,
        required: a.required,
        sectionId: a.section === undefined || a.section === null ? null : (sectionIds[a.section] ?? null),
        weight: a.weight ?? 1,
        settings: a.settings ?? null,
        rules: a.rules ?? {},
        image: a.type === 'INSTRUCTION' ? (a.image ?? null) : null,
      })),
    )
    .returning({ id: actions.id, order: actions.order });
  // Orders are unique here, so they tell which new row is which item.
  const ids = inserted.sort((x, y) => x.order - y.order).map((r) => r.id);

  const rules = content.flatMap((a, i) => {
    const base = a.criteria ? ids[a.criteria.condition.baseIndex] : undefined;
    // A rule must point back at an earlier action; anything else is dropped rather than copied broken.
    if (!a.criteria || base === undefined || a.criteria.condition.baseIndex >= i) return [];
    const criteria = { condition: { baseActionId: base, answer: a.criteria.condition.answer }, visibility: a.criteria.visibility };
    return [sql`(${ids[i]}::bigint, ${JSON.stringify(criteria)}::jsonb, ${base}::bigint)`];
  });
  if (rules.length > 0) {
    await db.execute(sql`
      UPDATE ${actions} AS a SET criteria = v.criteria, base_action_id = v.base
      FROM (VALUES ${sql.join(rules, sql`, `)}) AS v(id, criteria, base)
      WHERE a.id = v.id`);
  }

  const links = tagIdsByIndex.flatMap((tagIds, i) => {
    const actionId = ids[i];
    return actionId === undefined ? [] : tagIds.map((tagId) => ({ actionId, tagId, businessId }));
  });
  if (links.length > 0) await db.insert(actionTags).values(links).onConflictDoNothing();
  return ids;
}
