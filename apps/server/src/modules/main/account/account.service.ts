// Changes a user makes to their own account: details, avatar and password; and what other
// modules read and change of an account through here (taken identities, a profile kept by the
// business that created it, an administrator's password reset).
import type { FastifyInstance } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { AccountDetailsRequest, ChangePasswordRequest } from '@fieldops/shared/account';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { conflict, fieldError, notFound } from '../../../lib/errors.ts';
import { hashNewPassword, verifyPassword } from '../../../lib/password.ts';
import { endUserSessions } from '../../../lib/sessions.ts';
import { refusedSignIn } from '../auth/auth.service.ts';
import { accountKey, type LoginLimiter } from '../../../lib/login-limiter.ts';
import { keepUploads, storePicture, removeReleased } from '../../../lib/uploads.ts';
import { keyOfUrl } from '../../../plugins/storage.ts';
import { findAccount, findAvatar, findPasswordHash, findTakenIdentity, updatePassword, updateProfileRow, type ProfileValues } from './account.repository.ts';

type Details = { [K in keyof AccountDetailsRequest]-?: Exclude<AccountDetailsRequest[K], undefined> };

export async function updateDetails(app: FastifyInstance, userId: number, details: Details) {
  if (await findTakenIdentity(app.db, { email: details.email }, userId)) {
    throw conflict(MSG.emailTaken, [{ field: 'email', message: MSG.emailTaken }]);
  }
  await updateProfileRow(app.db, userId, {
    fullName: details.fullName,
    email: details.email,
    countryCode: details.countryCode,
    phone: details.phone,
    bio: details.bio,
  });
}

/** Stores the new avatar first and removes the old file only after the row points at the new one. */
export async function replaceAvatar(app: FastifyInstance, userId: number, file: MultipartFile) {
  const stored = await storePicture(file);
  const current = await findAvatar(app.db, userId);
  if (!current) throw notFound(MSG.userNotFound);
  await updateProfileRow(app.db, userId, { avatar: stored.url });
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
export async function changePassword(
  app: FastifyInstance,
  limiter: LoginLimiter,
  address: string,
  userId: number,
  sessionId: string,
  body: ChangePasswordRequest,
) {
  const current = await findPasswordHash(app.db, userId);
  if (current === null) throw notFound(MSG.userNotFound);
  // The current password is a guess like any sign-in's: a stolen session must not try them freely.
  const attempt = await limiter.attempt(accountKey(userId, ''), address);
  if (attempt.refused) throw refusedSignIn(attempt.refused);
  const ok = await verifyPassword(current, body.currentPassword);
  await attempt.settle(ok);
  if (!ok) throw fieldError('currentPassword', MSG.currentPasswordWrong);
  if (body.newPassword === body.currentPassword) throw fieldError('newPassword', MSG.passwordUnchanged);
  const passwordHash = await hashNewPassword(body.newPassword, 'newPassword');
  await app.db.transaction(async (tx) => {
    await updatePassword(tx, userId, passwordHash, false);
    await endUserSessions(tx, userId, sessionId);
  });
}

/**
 * A password an administrator set: the person signs in with it once and then chooses their own;
 * every session of theirs ends.
 */
export async function setPasswordToReplace(db: Db, userId: number, passwordHash: string) {
  await db.transaction(async (tx) => {
    await updatePassword(tx, userId, passwordHash, true);
    await endUserSessions(tx, userId);
  });
}

/** Which of `fields` already belong to another user than `exceptUserId`: 'username', 'email' or null. */
export const takenIdentity = (db: Db, fields: { username?: string; email?: string }, exceptUserId?: number) => findTakenIdentity(db, fields, exceptUserId);

/** The user's avatar URL; null without one, or without the user. */
export async function avatarOf(db: Db, userId: number) {
  return (await findAvatar(db, userId))?.avatar ?? null;
}

/** Changes the profile fields given, the avatar among them. */
export const saveProfile = (db: Db, userId: number, values: ProfileValues) => updateProfileRow(db, userId, values);
