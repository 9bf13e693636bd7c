// Profile changes: a person edits their own profile; a business's admins only the profile of an
// account the business created and that was never activated (the person's identity is theirs).
import type { FastifyInstance } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { profileFields } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { keepUploads, storeImageForm, removeReleased } from '../../../lib/uploads.ts';
import type { Caller } from '../../../policies/caller.ts';
import { keyOfUrl } from '../../../plugins/storage.ts';
import { avatarOf, saveProfile, takenIdentity } from '../account/account.service.ts';
import { requireIdentityManager } from '../members/members.service.ts';

export async function updateProfile(app: FastifyInstance, caller: Caller, userId: number, parts: AsyncIterableIterator<Multipart>) {
  await requireIdentityManager(app.db, caller, userId);
  const { fields, files } = await storeImageForm(parts, ['avatar']);
  const parsed = profileFields.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    throw badRequest(fieldErrors[0]?.message ?? MSG.invalid, fieldErrors);
  }
  const { name, email, countryCode, phone, bio } = parsed.data;
  if (await takenIdentity(app.db, { email }, userId)) {
    throw conflict(MSG.emailTaken, [{ field: 'email', message: MSG.emailTaken }]);
  }
  const avatar = files.get('avatar')?.[0];
  const stored = avatar ?? null;
  const before = await avatarOf(app.db, userId);
  await saveProfile(app.db, userId, { fullName: name, email, countryCode, phone, bio, ...(stored ? { avatar: stored.url } : {}) });
  // The row points at the new file now: it stays whatever happens to the old one.
  keepUploads(parts);
  const oldKey = stored ? keyOfUrl(before) : null;
  await removeReleased(app, oldKey);
}
