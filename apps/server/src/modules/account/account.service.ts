// Changes a user makes to their own account: details, avatar and password.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { AccountDetailsRequest, ChangePasswordRequest } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import { users } from '../../db/schema.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { hashNewPassword, verifyPassword } from '../../lib/password.ts';
import { endUserSessions } from '../../lib/sessions.ts';
import { keepUploads, storePicture, removeReleased } from '../../lib/uploads.ts';
import { keyOfUrl } from '../../plugins/storage.ts';
import { findAccount, findTakenIdentity } from './account.repository.ts';

type Details = { [K in keyof AccountDetailsRequest]-?: Exclude<AccountDetailsRequest[K], undefined> };

export async function updateDetails(app: FastifyInstance, userId: number, details: Details) {
  if (await findTakenIdentity(app.db, { email: details.email }, userId)) {
    throw conflict(MSG.emailTaken, [{ field: 'email', message: MSG.emailTaken }]);
  }
  await app.db
    .update(users)
    .set({
      fullName: details.fullName,
      email: details.email,
      countryCode: details.countryCode,
      phone: details.phone,
      bio: details.bio,
    })
    .where(eq(users.id, userId));
}

/** Stores the new avatar first and removes the old file only after the row points at the new one. */
export async function replaceAvatar(app: FastifyInstance, userId: number, file: MultipartFile) {
  const stored = await storePicture(file);
  const [current] = await app.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
  if (!current) throw notFound(MSG.userNotFound);
  await app.db.update(users).set({ avatar: stored.url }).where(eq(users.id, userId));
  // The row points at the new file now: it stays whatever happens to the old one.
  keepUploads(file);
  const oldKey = keyOfUrl(current.avatar);
  await removeReleased(app, oldKey);
  return stored.url;
}

export async function requireAccount(app: FastifyInstance, userId: number) {
  const account = await findAccount(app.db, userId);
  if (!account) throw notFound(MSG.userNotFound);
  return account;
}

/**
 * The person's own password change: the current password proves it is them. Their other
 * sessions end (a stolen token stops working); this one goes on. Choosing their own password
 * also ends the obligation to replace one an admin chose.
 */
export async function changePassword(app: FastifyInstance, userId: number, sessionId: string, body: ChangePasswordRequest) {
  const [user] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(MSG.userNotFound);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) throw fieldError('currentPassword', MSG.currentPasswordWrong);
  const passwordHash = await hashNewPassword(body.newPassword, 'newPassword');
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, userId));
    await endUserSessions(tx, userId, sessionId);
  });
}
