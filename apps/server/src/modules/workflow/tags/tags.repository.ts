// Tags of a business with the number of actions using each.
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tag } from '@fieldops/shared/tasks';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { businesses } from '../../../db/schema.ts';
import { actionTags, tags } from '../../../db/schema-workflow.ts';

export interface TagValues {
  nameEn: string;
  nameAr: string;
}

function selectTags(db: Db) {
  // Correlated to one tag; answered by the (tag_id, action_id) index.
  const actionsCount = db.select({ n: count() }).from(actionTags).where(eq(actionTags.tagId, tags.id));
  return db
    .select({ id: tags.id, nameEn: tags.nameEn, nameAr: tags.nameAr, actionsCount: sql<number>`${actionsCount}`.mapWith(Number) })
    .from(tags)
    .$dynamic();
}

export async function findTags(db: Db, businessId: number, page: { page: number; size: number }) {
  const where = eq(tags.businessId, businessId);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectTags(db)
      .where(where)
      .orderBy(asc(tags.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(tags).where(where),
  ]);
  return { items: rows satisfies Tag[], total };
}

export async function findTag(db: Db, businessId: number, id: number): Promise<Tag | null> {
  const [row] = await selectTags(db).where(and(eq(tags.businessId, businessId), eq(tags.id, id)));
  return row ?? null;
}

/** The ids among `ids` that are tags of the business. */
export async function existingTagIds(db: Db, businessId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.businessId, businessId), inArray(tags.id, [...ids])));
  return rows.map((r) => r.id);
}

/** Locks the business row: tag creations of one business then run one after another. */
export async function lockBusiness(db: Db, businessId: number) {
  await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
}

export async function countTags(db: Db, businessId: number) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(tags).where(eq(tags.businessId, businessId));
  return n;
}

/** Another tag of the business with the same English or Arabic name, ignoring case. */
export async function findSameName(db: Db, businessId: number, values: TagValues, exceptId?: number) {
  const [row] = await db
    .select({ id: tags.id, nameEn: tags.nameEn, nameAr: tags.nameAr })
    .from(tags)
    .where(
      and(
        eq(tags.businessId, businessId),
        exceptId ? ne(tags.id, exceptId) : undefined,
        or(sql`lower(${tags.nameEn}) = lower(${values.nameEn})`, sql`lower(${tags.nameAr}) = lower(${values.nameAr})`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertTag(db: Db, businessId: number, values: TagValues) {
  const [row] = await db
    .insert(tags)
    .values({ businessId, ...values })
    .returning({ id: tags.id });
  return must(row, 'an insert returns its row').id;
}

export async function updateTagRow(db: Db, businessId: number, id: number, values: TagValues) {
  await db
    .update(tags)
    .set(values)
    .where(and(eq(tags.businessId, businessId), eq(tags.id, id)));
}

/** Removes the tag; its action links go with it and tasks keep no tag (foreign keys). */
export async function deleteTagRow(db: Db, businessId: number, id: number) {
  await db.delete(tags).where(and(eq(tags.businessId, businessId), eq(tags.id, id)));
}
