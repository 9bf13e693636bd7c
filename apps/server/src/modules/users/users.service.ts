// Profile changes: a user edits their own profile; owners and admins edit their members'.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { profileFields } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import { users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { readImageForm } from '../../lib/uploads.ts';
import { isAdmin, type Tenant } from '../../plugins/auth.ts';
import { keyOfUrl } from '../../plugins/storage.ts';
import { findTakenIdentity } from '../account/account.repository.ts';

export async function updateProfile(
  app: FastifyInstance,
  caller: Tenant & { userId: number },
  userId: number,
  parts: AsyncIterableIterator<Multipart>,
) {
  if (caller.userId !== userId && !isAdmin(caller)) throw forbidden();
  const { fields, files } = await readImageForm(parts, ['avatar']);
  const parsed = profileFields.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    throw badRequest(fieldErrors[0].message, fieldErrors);
  }
  const { name, email, countryCode, phone, bio } = parsed.data;
  if (await findTakenIdentity(app.db, { email }, userId)) {
    throw conflict(MSG.emailTaken, [{ field: 'email', message: MSG.emailTaken }]);
  }
  const avatar = files.get('avatar')?.[0];
  const stored = avatar ? await app.storage.put(avatar.data, avatar.kind.extension) : null;
  const [before] = await app.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  await app.db
    .update(users)
    .set({ fullName: name, email, countryCode, phone, bio, ...(stored ? { avatar: stored.url } : {}) })
    .where(eq(users.id, userId));
  const oldKey = stored ? keyOfUrl(before?.avatar ?? null) : null;
  if (oldKey) await app.storage.remove(oldKey);
}
