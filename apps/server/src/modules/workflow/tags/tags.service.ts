// The rules of tags: at most 3 per business (held under concurrent requests by locking the
// business row before counting), names unique per business in each language ignoring case.
import type { z } from 'zod';
import { MAX_TAGS_PER_BUSINESS } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import type { Tag, tagRequest } from '@fieldops/shared/tasks';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { AppError, conflict, missingReference, notFound } from '../../../lib/errors.ts';
import { countTags, deleteTagRow, existingTagIds, findSameName, findTag, insertTag, lockBusiness, updateTagRow, type TagValues } from './tags.repository.ts';

type TagInput = z.output<typeof tagRequest>;

export async function requireTag(db: Db, businessId: number, id: number): Promise<Tag> {
  const found = await findTag(db, businessId, id);
  if (!found) throw notFound(MSG.tagNotFound);
  return found;
}

/** `tagIds` without repeats; 400 naming `field` unless every one is a tag of the business. */
export async function requireTagIds(db: Db, businessId: number, tagIds: readonly number[], field = 'tagIds') {
  const wanted = [...new Set(tagIds)];
  if ((await existingTagIds(db, businessId, wanted)).length !== wanted.length) throw missingReference(field, MSG.tagNotFound);
  return wanted;
}

/** Refuses a name another tag of the business already has, naming the field that clashes. */
async function refuseSameName(db: Db, businessId: number, values: TagValues, exceptId?: number) {
  const same = await findSameName(db, businessId, values, exceptId);
  if (!same) return;
  const field = same.nameEn.toLowerCase() === values.nameEn.toLowerCase() ? 'nameEn' : 'nameAr';
  throw conflict(MSG.tagExists, [{ field, message: MSG.tagExists }]);
}

/** Two requests can pass the name check at once; the unique indexes stop the second. */
async function asTagExists<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG.tagExists);
    throw error;
  }
}

export async function createTag(db: Db, businessId: number, body: TagInput) {
  const id = await asTagExists(() =>
    db.transaction(async (tx) => {
      await lockBusiness(tx, businessId);
      if ((await countTags(tx, businessId)) >= MAX_TAGS_PER_BUSINESS) throw new AppError(400, MSG.tagLimit);
      await refuseSameName(tx, businessId, body);
      return insertTag(tx, businessId, body);
    }),
  );
  return requireTag(db, businessId, id);
}

export async function updateTag(db: Db, businessId: number, id: number, body: TagInput) {
  await requireTag(db, businessId, id);
  await refuseSameName(db, businessId, body, id);
  await asTagExists(() => updateTagRow(db, businessId, id, body));
  return requireTag(db, businessId, id);
}

export async function deleteTag(db: Db, businessId: number, id: number) {
  await requireTag(db, businessId, id);
  await deleteTagRow(db, businessId, id);
}
