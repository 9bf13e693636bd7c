// The rules of ticket categories: names are unique within the business in each language (case
// aside), and a category that tickets still use cannot be deleted.
import type { TicketCategory, TicketCategoryRequest } from '@fieldops/shared/helpdesk';
import { MSG } from '@fieldops/shared/messages';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import {
  countTicketsInCategory,
  deleteCategoryRow,
  findCategory,
  findTakenName,
  insertCategory,
  lockCategoriesOf,
  updateCategoryRow,
} from './ticket-categories.repository.ts';

type Names = Required<TicketCategoryRequest>;

/**
 * Whether the category is the business's, keeping it from being deleted (a 'key share' lock)
 * until the transaction that points a ticket at it ends.
 */
export async function holdCategory(tx: Db, businessId: number, id: number) {
  return (await findCategory(tx, businessId, id, 'key share')) !== null;
}

async function refuseTakenName(db: Db, businessId: number, names: Names, exceptId?: number) {
  const taken = await findTakenName(db, businessId, names, exceptId);
  if (taken) throw conflict(MSG.categoryExists, [{ field: taken, message: MSG.categoryExists }]);
}

export async function createCategory(db: Db, businessId: number, names: Names): Promise<TicketCategory> {
  return db.transaction(async (tx) => {
    await lockCategoriesOf(tx, businessId);
    await refuseTakenName(tx, businessId, names);
    return insertCategory(tx, businessId, names);
  });
}

export async function updateCategory(db: Db, businessId: number, id: number, names: Names): Promise<TicketCategory> {
  return db.transaction(async (tx) => {
    await lockCategoriesOf(tx, businessId);
    if (!(await findCategory(tx, businessId, id))) throw notFound(MSG.categoryNotFound);
    await refuseTakenName(tx, businessId, names, id);
    return must(await updateCategoryRow(tx, businessId, id, names), 'the category was found under the lock');
  });
}

export async function deleteCategory(db: Db, businessId: number, id: number) {
  await db.transaction(async (tx) => {
    // The lock waits for tickets being pointed at the category right now, so the count is final.
    if (!(await findCategory(tx, businessId, id, 'update'))) throw notFound(MSG.categoryNotFound);
    if ((await countTicketsInCategory(tx, businessId, id)) > 0) throw conflict(MSG.categoryInUse);
    await deleteCategoryRow(tx, businessId, id);
  });
}
