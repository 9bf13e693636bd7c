// Queries on the sections of a task, read in ("order", id) order.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ActionCriteria, Section } from '@fieldops/shared/tasks';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { actions, taskSections } from '../../../db/schema-workflow.ts';

export type SectionRow = Section;

export interface SectionValues {
  nameEn: string | null;
  nameAr: string | null;
  descriptionEn: string | null;
  descriptionAr: string | null;
}

const columns = {
  id: taskSections.id,
  taskId: taskSections.taskId,
  order: taskSections.order,
  nameEn: taskSections.nameEn,
  nameAr: taskSections.nameAr,
  descriptionEn: taskSections.descriptionEn,
  descriptionAr: taskSections.descriptionAr,
  criteria: taskSections.criteria,
};

export async function findSectionRows(db: Db, businessId: number, taskId: number): Promise<SectionRow[]> {
  return db
    .select(columns)
    .from(taskSections)
    .where(and(eq(taskSections.businessId, businessId), eq(taskSections.taskId, taskId)))
    .orderBy(asc(taskSections.order), asc(taskSections.id));
}

export async function findSectionRow(db: Db, businessId: number, id: number): Promise<SectionRow | null> {
  const [row] = await db
    .select(columns)
    .from(taskSections)
    .where(and(eq(taskSections.businessId, businessId), eq(taskSections.id, id)));
  return row ?? null;
}

export async function insertSection(db: Db, businessId: number, taskId: number, order: number, values: SectionValues) {
  const [row] = await db
    .insert(taskSections)
    .values({ businessId, taskId, order, ...values })
    .returning({ id: taskSections.id });
  return must(row, 'an insert returns its row').id;
}

export async function updateSectionRow(db: Db, businessId: number, id: number, values: SectionValues) {
  await db
    .update(taskSections)
    .set(values)
    .where(and(eq(taskSections.businessId, businessId), eq(taskSections.id, id)));
}

/** Sets or clears a section's rule, with `base_action_id` following it. */
export async function writeSectionCriteria(db: Db, businessId: number, id: number, criteria: ActionCriteria | null) {
  await db
    .update(taskSections)
    .set({ criteria, baseActionId: criteria?.condition.baseActionId ?? null })
    .where(and(eq(taskSections.businessId, businessId), eq(taskSections.id, id)));
}

export async function deleteSectionRow(db: Db, businessId: number, id: number) {
  await db.delete(taskSections).where(and(eq(taskSections.businessId, businessId), eq(taskSections.id, id)));
}

/** The sections whose rules use `baseId` as their base (an action's delete guard). */
export async function findSectionDependents(db: Db, businessId: number, baseId: number) {
  return db
    .select({ id: taskSections.id, nameEn: taskSections.nameEn, nameAr: taskSections.nameAr, criteria: taskSections.criteria })
    .from(taskSections)
    .where(and(eq(taskSections.baseActionId, baseId), eq(taskSections.businessId, businessId)))
    .orderBy(asc(taskSections.order), asc(taskSections.id));
}

/** Gives the task's sections the orders 1..n of `orderedIds`, in one statement. */
export async function writeSectionOrder(db: Db, businessId: number, taskId: number, orderedIds: readonly number[]) {
  if (orderedIds.length === 0) return;
  const position = sql`array_position(ARRAY[${sql.join(
    orderedIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[], ${taskSections.id})`;
  await db
    .update(taskSections)
    .set({ order: sql`${position}` })
    .where(and(eq(taskSections.businessId, businessId), eq(taskSections.taskId, taskId), sql`${taskSections.order} IS DISTINCT FROM ${position}`));
}

/** Puts each action in its section, as `sectionOf` says, in one statement; only those that move are written. */
export async function writeActionSections(db: Db, businessId: number, taskId: number, sectionOf: ReadonlyMap<number, number | null>) {
  const rows = [...sectionOf].map(([actionId, sectionId]) => sql`(${actionId}::bigint, ${sectionId}::bigint)`);
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE ${actions} AS a SET section_id = v.section_id
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, section_id)
    WHERE a.id = v.id AND a.business_id = ${businessId} AND a.task_id = ${taskId} AND a.section_id IS DISTINCT FROM v.section_id`);
}
