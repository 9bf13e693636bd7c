// Ticket categories of a business: bilingual names, listed in the order they were made.
import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import type { TicketCategory } from '@fieldops/shared/helpdesk';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { businesses } from '../../../db/schema.ts';
import { ticketCategories, tickets } from '../../../db/schema-helpdesk.ts';

const columns = { id: ticketCategories.id, nameEn: ticketCategories.nameEn, nameAr: ticketCategories.nameAr };
const ofBusiness = (businessId: number, id: number) => and(eq(ticketCategories.businessId, businessId), eq(ticketCategories.id, id));

export async function findCategories(db: Db, businessId: number): Promise<TicketCategory[]> {
  return db.select(columns).from(ticketCategories).where(eq(ticketCategories.businessId, businessId)).orderBy(asc(ticketCategories.id));
}

/**
 * The category when it is the business's. `lock` 'update' holds it against concurrent use while
 * it is deleted; 'key share' keeps it from being deleted while a ticket is being pointed at it.
 */
export async function findCategory(db: Db, businessId: number, id: number, lock?: 'update' | 'key share'): Promise<TicketCategory | null> {
  const query = db.select(columns).from(ticketCategories).where(ofBusiness(businessId, id));
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

/**
 * Serialises category changes of one business, so two equal names cannot slip in side by side.
 * A no-key lock: writes that only point at the business (new tickets, say) are not held up.
 */
export async function lockCategoriesOf(db: Db, businessId: number) {
  await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('no key update');
}

/** Which of the two names another category of the business already has, ignoring case. */
export async function findTakenName(
  db: Db,
  businessId: number,
  names: { nameEn: string; nameAr: string },
  exceptId?: number,
): Promise<'nameEn' | 'nameAr' | null> {
  const sameEn = sql`lower(${ticketCategories.nameEn}) = lower(${names.nameEn})`;
  const sameAr = sql`lower(${ticketCategories.nameAr}) = lower(${names.nameAr})`;
  const [row] = await db
    .select({ sameEn: sql<boolean>`${sameEn}` })
    .from(ticketCategories)
    .where(and(eq(ticketCategories.businessId, businessId), exceptId ? ne(ticketCategories.id, exceptId) : undefined, or(sameEn, sameAr)))
    .orderBy(sql`${sameEn} desc`)
    .limit(1);
  if (!row) return null;
  return row.sameEn ? 'nameEn' : 'nameAr';
}

export async function insertCategory(db: Db, businessId: number, names: { nameEn: string; nameAr: string }) {
  const [row] = await db
    .insert(ticketCategories)
    .values({ businessId, ...names })
    .returning(columns);
  return must(row, 'an insert returns its row');
}

export async function updateCategoryRow(db: Db, businessId: number, id: number, names: { nameEn: string; nameAr: string }) {
  const [row] = await db.update(ticketCategories).set(names).where(ofBusiness(businessId, id)).returning(columns);
  return row;
}

export async function countTicketsInCategory(db: Db, businessId: number, id: number) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.businessId, businessId), eq(tickets.categoryId, id)));
  return n;
}

export async function deleteCategoryRow(db: Db, businessId: number, id: number) {
  await db.delete(ticketCategories).where(ofBusiness(businessId, id));
}
