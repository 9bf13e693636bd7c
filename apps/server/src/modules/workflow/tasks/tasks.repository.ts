// Tasks of a business with their tag and number of actions in the same query: a page of tasks
// costs two queries whatever its size.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Task } from '@fieldops/shared/tasks';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { prepared, readBoth } from '../../../db/prepared.ts';
import { actions, tags, tasks, taskSections } from '../../../db/schema-workflow.ts';
import { executionPlans } from '../../../db/schema-schedules.ts';

export interface TaskValues {
  nameEn: string | null;
  nameAr: string | null;
  descriptionEn: string | null;
  descriptionAr: string | null;
  geoRestrictionEnabled: boolean;
  tagId: number | null;
  /** Left out, it stays as it is (a new task has none). */
  passMark?: number | null;
  accuracyThreshold?: number | null;
  stampPhotos?: boolean;
}

export const TASK_SORT_FIELDS = ['id', 'nameEn', 'nameAr', 'createdDate'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

export interface TaskFilter {
  searchKey?: string;
  tagId?: number;
  /** true: only tasks without any execution plan (Draft); false: only tasks with one. */
  draft?: boolean;
}

export interface TaskPage {
  page: number;
  size: number;
  sort: TaskSortField;
  dir: 'asc' | 'desc';
}

function selectTasks(db: Db) {
  // Correlated to one task; answered by the (task_id, order, id) index.
  const actionsCount = db.select({ n: count() }).from(actions).where(eq(actions.taskId, tasks.id));
  return db
    .select({
      id: tasks.id,
      nameEn: tasks.nameEn,
      nameAr: tasks.nameAr,
      descriptionEn: tasks.descriptionEn,
      descriptionAr: tasks.descriptionAr,
      geoRestrictionEnabled: tasks.geoRestrictionEnabled,
      passMark: tasks.passMark,
      accuracyThreshold: tasks.accuracyThreshold,
      stampPhotos: tasks.stampPhotos,
      tagId: tasks.tagId,
      tagNameEn: tags.nameEn,
      tagNameAr: tags.nameAr,
      creatorId: tasks.creatorId,
      createdAt: tasks.createdAt,
      actionsCount: sql<number>`${actionsCount}`.mapWith(Number),
    })
    .from(tasks)
    .leftJoin(tags, eq(tags.id, tasks.tagId))
    .$dynamic();
}

type TaskRow = Awaited<ReturnType<typeof selectTasks>>[number];

/** A task as listed, without its completion rate and score (the reports module has the rollups they come from). */
export type TaskListed = Omit<Task, 'completionRate' | 'averageScore'>;

const toTask = (r: TaskRow): TaskListed => ({
  id: r.id,
  nameEn: r.nameEn,
  nameAr: r.nameAr,
  descriptionEn: r.descriptionEn,
  descriptionAr: r.descriptionAr,
  geoRestrictionEnabled: r.geoRestrictionEnabled,
  passMark: r.passMark,
  accuracyThreshold: r.accuracyThreshold,
  stampPhotos: r.stampPhotos,
  tagId: r.tagId,
  tag: r.tagId !== null && r.tagNameEn !== null && r.tagNameAr !== null ? { id: r.tagId, nameEn: r.tagNameEn, nameAr: r.tagNameAr } : null,
  creatorId: r.creatorId,
  actionsCount: r.actionsCount,
  createdDate: r.createdAt.toISOString(),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// Answered by the (business_id, task_id, id) index of execution_plans.
const hasPlan = sql`(select 1 from ${executionPlans} where ${executionPlans.businessId} = ${tasks.businessId} and ${executionPlans.taskId} = ${tasks.id})`;

/** The filter with its values as placeholders: one statement per combination of filters. */
function whereOf(filter: TaskFilter): SQL | undefined {
  return and(
    eq(tasks.businessId, sql.placeholder('businessId')),
    filter.tagId ? eq(tasks.tagId, sql.placeholder('tagId')) : undefined,
    filter.searchKey ? or(ilike(tasks.nameEn, sql.placeholder('like')), ilike(tasks.nameAr, sql.placeholder('like'))) : undefined,
    filter.draft === undefined ? undefined : filter.draft ? sql`not exists ${hasPlan}` : sql`exists ${hasPlan}`,
  );
}

const SORT_COLUMNS = { id: tasks.id, nameEn: tasks.nameEn, nameAr: tasks.nameAr, createdDate: tasks.createdAt } as const;

export async function findTasks(db: Db, businessId: number, filter: TaskFilter, page: TaskPage) {
  const shape = `tasks:${Boolean(filter.tagId)}:${Boolean(filter.searchKey)}:${filter.draft}:${page.sort}:${page.dir}`;
  const list = prepared(db, `${shape}:page`, () => {
    const direction = page.dir === 'asc' ? asc : desc;
    // The id breaks ties so that pages never overlap.
    const order = page.sort === 'id' ? [direction(tasks.id)] : [direction(SORT_COLUMNS[page.sort]), direction(tasks.id)];
    return selectTasks(db)
      .where(whereOf(filter))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  });
  const counted = prepared(db, `${shape}:count`, () => db.select({ total: count() }).from(tasks).where(whereOf(filter)));
  const values = {
    businessId,
    tagId: filter.tagId ?? null,
    like: filter.searchKey ? `%${escapeLike(filter.searchKey)}%` : null,
    limit: page.size,
    offset: page.page * page.size,
  };
  const [rows, [{ total } = { total: 0 }]] = await readBoth(
    db,
    () => list.execute(values),
    () => counted.execute(values),
  );
  return { items: rows.map(toTask), total };
}

export async function findTask(db: Db, businessId: number, id: number): Promise<TaskListed | null> {
  const [row] = await selectTasks(db).where(and(eq(tasks.businessId, businessId), eq(tasks.id, id)));
  return row ? toTask(row) : null;
}

/**
 * The bare task row. With `lock`, the row is locked for the rest of the transaction: every
 * change to a task's actions takes it first, so orders and rules are checked against a list
 * nobody else is changing.
 */
export async function findTaskRow(db: Db, businessId: number, id: number, lock = false) {
  const query = db
    .select({
      id: tasks.id,
      nameEn: tasks.nameEn,
      nameAr: tasks.nameAr,
      descriptionEn: tasks.descriptionEn,
      descriptionAr: tasks.descriptionAr,
      geoRestrictionEnabled: tasks.geoRestrictionEnabled,
      passMark: tasks.passMark,
      accuracyThreshold: tasks.accuracyThreshold,
      stampPhotos: tasks.stampPhotos,
      tagId: tasks.tagId,
    })
    .from(tasks)
    .where(and(eq(tasks.businessId, businessId), eq(tasks.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertTask(db: Db, businessId: number, creatorId: number, values: TaskValues) {
  const [row] = await db
    .insert(tasks)
    .values({ businessId, creatorId, ...values })
    .returning({ id: tasks.id });
  return must(row, 'an insert returns its row').id;
}

export async function updateTaskRow(db: Db, businessId: number, id: number, values: Partial<TaskValues>) {
  await db
    .update(tasks)
    .set(values)
    .where(and(eq(tasks.businessId, businessId), eq(tasks.id, id)));
}

/** Removes a task and its actions (their tag links go with them); call inside a transaction. */
export async function deleteTaskRows(db: Db, businessId: number, id: number) {
  // Section rules point at actions and actions at sections: the rules go first, then one statement
  // for all the actions, so rules between them never block the delete; the sections go with the task.
  await db
    .update(taskSections)
    .set({ criteria: null, baseActionId: null })
    .where(and(eq(taskSections.businessId, businessId), eq(taskSections.taskId, id)));
  await db.delete(actions).where(and(eq(actions.businessId, businessId), eq(actions.taskId, id)));
  await db.delete(tasks).where(and(eq(tasks.businessId, businessId), eq(tasks.id, id)));
}
