// Task templates a business can see: the shipped library (no business) and its own.
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Template, TemplateContent, TemplateDetail } from '@fieldops/shared/tasks';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { taskTemplates } from '../../../db/schema-workflow.ts';

export const TEMPLATE_SORT_FIELDS = ['id', 'nameEn', 'nameAr', 'createdDate'] as const;
export type TemplateSortField = (typeof TEMPLATE_SORT_FIELDS)[number];

export interface TemplateValues {
  nameEn: string | null;
  nameAr: string | null;
  descriptionEn: string | null;
  descriptionAr: string | null;
  content: TemplateContent;
}

const summary = {
  id: taskTemplates.id,
  businessId: taskTemplates.businessId,
  nameEn: taskTemplates.nameEn,
  nameAr: taskTemplates.nameAr,
  descriptionEn: taskTemplates.descriptionEn,
  descriptionAr: taskTemplates.descriptionAr,
  actionsCount: taskTemplates.actionsCount,
  createdAt: taskTemplates.createdAt,
};

type SummaryRow = { businessId: number | null; createdAt: Date } & Omit<Template, 'library' | 'createdDate'>;

const toTemplate = ({ businessId, createdAt, ...r }: SummaryRow): Template => ({
  ...r,
  library: businessId === null,
  createdDate: createdAt.toISOString(),
});

/** The library's templates and the business's own. */
const visibleTo = (businessId: number) => or(isNull(taskTemplates.businessId), eq(taskTemplates.businessId, businessId));

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORT_COLUMNS = { id: taskTemplates.id, nameEn: taskTemplates.nameEn, nameAr: taskTemplates.nameAr, createdDate: taskTemplates.createdAt } as const;

export async function findTemplates(
  db: Db,
  businessId: number,
  filter: { searchKey?: string },
  page: { page: number; size: number; sort: TemplateSortField; dir: 'asc' | 'desc' },
) {
  const like = filter.searchKey ? `%${escapeLike(filter.searchKey)}%` : null;
  const where: SQL | undefined = and(visibleTo(businessId), like ? or(ilike(taskTemplates.nameEn, like), ilike(taskTemplates.nameAr, like)) : undefined);
  const direction = page.dir === 'asc' ? asc : desc;
  const order = page.sort === 'id' ? [direction(taskTemplates.id)] : [direction(SORT_COLUMNS[page.sort]), direction(taskTemplates.id)];
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(summary)
      .from(taskTemplates)
      .where(where)
      .orderBy(...order)
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(taskTemplates).where(where),
  ]);
  return { items: rows.map(toTemplate), total };
}

export async function findTemplate(db: Db, businessId: number, id: number): Promise<TemplateDetail | null> {
  const [row] = await db
    .select({ ...summary, content: taskTemplates.content })
    .from(taskTemplates)
    .where(and(eq(taskTemplates.id, id), visibleTo(businessId)));
  if (!row) return null;
  const { content, ...rest } = row;
  return { ...toTemplate(rest), content };
}

export async function insertTemplate(db: Db, businessId: number, creatorId: number, values: TemplateValues) {
  const [row] = await db
    .insert(taskTemplates)
    .values({ businessId, creatorId, ...values, actionsCount: values.content.actions.length })
    .returning({ id: taskTemplates.id });
  return must(row, 'an insert returns its row').id;
}

/** Deletes one of the business's own templates; the library is never touched. */
export async function deleteOwnTemplate(db: Db, businessId: number, id: number) {
  await db.delete(taskTemplates).where(and(eq(taskTemplates.businessId, businessId), eq(taskTemplates.id, id)));
}
