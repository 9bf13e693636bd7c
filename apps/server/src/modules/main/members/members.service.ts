// The rules of members: who may see and manage whom, editing a member's details and business
// role, removing them from the business and activating them on their behalf. A person's identity
// (name, e-mail, phone, password) is theirs: a business changes it only for an account it created
// and that was never activated (DESIGN §4).
import type { z } from 'zod';
import type { Member } from '@fieldops/shared/account';
import type { BusinessRole } from '@fieldops/shared/enums';
import { MSG } from '@fieldops/shared/messages';
import type { memberUpdateRequest } from '@fieldops/shared/organisation';
import type { Db } from '../../../db/client.ts';
import { readBoth } from '../../../db/prepared.ts';
import { changedFields } from '../../../lib/audit-changes.ts';
import { conflict, fieldError, forbidden, notFound } from '../../../lib/errors.ts';
import { isAdmin } from '../../../plugins/auth.ts';
import type { Caller } from '../../../policies/caller.ts';
import { supervisedTeamIds } from '../../../policies/sites.ts';
import { takenIdentity } from '../account/account.service.ts';
import { acceptCreatingInvitation } from '../activation/activation.service.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { ranksOverLastMonth } from '../../workflow/reports/reports.service.ts';
import {
  activateUser,
  addMembership as addMembershipRow,
  deleteMembership,
  findBasicInfos,
  findMemberByEmail,
  findMemberIds,
  findMemberRows,
  findMembership,
  freeUsernameFor,
  freeUsernamesFor,
  insertInvitedUser,
  insertInvitedUsers,
  addMemberships as addMembershipRows,
  updateMembership,
  updateUserDetails,
  withSites,
  type MemberFilter,
  type MemberPage,
} from './members.repository.ts';

/**
 * A page of the business's members meeting the filter, each with their sites and their rank over
 * the last 30 days (`rank: false` leaves it null where the caller has no use for it).
 */
export async function listMembers(
  db: Db,
  businessId: number,
  filter: MemberFilter,
  page: MemberPage,
  options: { rank?: boolean } = {},
): Promise<{ items: Member[]; total: number }> {
  const { rows, total } = await findMemberRows(db, businessId, filter, page);
  const ids = rows.map((r) => r.userId);
  const [items, ranks] = await readBoth(
    db,
    () => withSites(db, businessId, rows),
    async () => ((options.rank ?? true) ? ranksOverLastMonth(db, businessId, 'members', ids) : new Map<number, number>()),
  );
  // Over the last 30 days; a member without schedules in that time has no rank.
  // The items were made for this answer: each takes its rank in place instead of being copied.
  return { items: items.map((m) => Object.assign(m, { rank: ranks.get(m.userId) ?? null })), total };
}

export async function findMember(db: Db, businessId: number, userId: number, options: { rank?: boolean } = {}): Promise<Member | null> {
  const { items } = await listMembers(db, businessId, { userIds: [userId] }, { page: 0, size: 1 }, options);
  return items[0] ?? null;
}

/** The basic details of those of `userIds` who belong to the business. */
export const basicInfosOf = (db: Db, businessId: number, userIds: number[]) => findBasicInfos(db, businessId, userIds);

/** Which of `userIds` belong to the business. */
export const memberIdsOf = (db: Db, businessId: number, userIds: number[]) => findMemberIds(db, businessId, userIds);

/** The member of the business with the e-mail, claimed or not; null when none has it. */
export const memberWithEmail = (db: Db, businessId: number, email: string) => findMemberByEmail(db, businessId, email);

/** Adds a user to the business as a MEMBER; a user already in it keeps their membership. */
export const addMembership = (tx: Db, businessId: number, userId: number, values: { position: string | null; externalId: string | null }) =>
  addMembershipRow(tx, businessId, userId, values);

/** For an account without e-mail: the Latin letters of the name ("Sara Ali" → "sara.ali"), else "member". */
const usernameSeedOf = (fullName: string) =>
  fullName
    .normalize('NFKD')
    .replace(/[^A-Za-z ]+/g, '')
    .trim()
    .replace(/\s+/g, '.')
    .toLowerCase() || 'member';

/**
 * A new account waiting for activation, with a free username made from the e-mail (or the name); it does not
 * claim the e-mail (schema: users.emailClaimed). Null when the username was taken meanwhile. Call
 * inside the invitation's transaction.
 */
export async function createInvitedUser(tx: Db, values: Omit<Parameters<typeof insertInvitedUser>[1], 'username'>) {
  const username = await freeUsernameFor(tx, values.email || usernameSeedOf(values.fullName));
  return insertInvitedUser(tx, { ...values, username });
}

/**
 * Many new accounts waiting for activation in one statement (a bulk import), each with a free
 * username; the ids in the order given, null for one whose username was taken meanwhile.
 */
export async function createInvitedUsers(tx: Db, values: Omit<Parameters<typeof insertInvitedUser>[1], 'username'>[]): Promise<(number | null)[]> {
  const usernames = await freeUsernamesFor(
    tx,
    values.map((v) => v.email || usernameSeedOf(v.fullName)),
  );
  const ids = await insertInvitedUsers(
    tx,
    values.map((v, i) => ({ ...v, username: usernames[i]! })),
  );
  return usernames.map((username) => ids.get(username) ?? null);
}

export const addMemberships = (tx: Db, businessId: number, rows: { userId: number; position: string | null; externalId: string | null }[]) =>
  addMembershipRows(tx, businessId, rows);

export async function requireMember(db: Db, businessId: number, userId: number) {
  const found = await findMember(db, businessId, userId);
  if (!found) throw notFound(MSG.userNotFound);
  return found;
}

export async function requireMembership(db: Db, businessId: number, userId: number) {
  const found = await findMembership(db, businessId, userId);
  if (!found) throw notFound(MSG.userNotFound);
  return found;
}

/** Owners and admins manage everyone; a supervisor the members of the sites they supervise. */
export async function findAccessibleMembers(db: Db, caller: Caller, page: { page: number; size: number }) {
  if (isAdmin(caller)) return listMembers(db, caller.businessId, {}, page);
  const teamIds = await supervisedTeamIds(db, caller.businessId, caller.userId);
  if (teamIds.length === 0) return { items: [], total: 0 };
  return listMembers(db, caller.businessId, { teamIds }, page);
}

/** The owner's role stays OWNER and nobody else gets it; only the owner moves people in or out of ADMIN. */
function checkRoleChange(caller: Caller, current: BusinessRole, next: BusinessRole) {
  if (current === next) return;
  if (current === 'OWNER') throw fieldError('role', MSG.ownerRoleFixed);
  if (next === 'OWNER') throw fieldError('role', MSG.ownerCannotBeGiven);
  if (caller.role !== 'OWNER') throw forbidden(MSG.onlyOwnerManagesAdmins);
}

type Membership = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

/** Whether this business may still change the person's identity: it created the account, never activated. */
export const managesIdentity = (target: Pick<Membership, 'createdHere' | 'activated'>) => target.createdHere && !target.activated;

/** Refuses unless the caller is the person, or an admin of the business managing their identity. */
export async function requireIdentityManager(db: Db, caller: Caller, userId: number) {
  if (caller.userId === userId) return;
  const target = await requireMembership(db, caller.businessId, userId);
  if (!isAdmin(caller) || !managesIdentity(target)) throw forbidden(MSG.identityOwnedByPerson);
}

export async function updateMember(db: Db, caller: Caller, userId: number, body: z.output<typeof memberUpdateRequest>) {
  const target = await requireMembership(db, caller.businessId, userId);
  if (target.role === 'OWNER' && caller.role !== 'OWNER') throw forbidden();
  const role = body.role ?? target.role;
  checkRoleChange(caller, target.role, role);
  const identity = { fullName: body.name, email: body.email, phone: body.phone, countryCode: body.countryCode };
  const changesIdentity = (Object.keys(identity) as (keyof typeof identity)[]).some((k) => (identity[k] ?? null) !== (target[k] ?? null));
  if (changesIdentity && caller.userId !== userId && !managesIdentity(target)) throw forbidden(MSG.identityOwnedByPerson);
  if (changesIdentity && (await takenIdentity(db, { email: body.email }, userId))) {
    throw conflict(MSG.emailTaken, [{ field: 'email', message: MSG.emailTaken }]);
  }
  const change = changedFields(
    { name: target.fullName, email: target.email, phone: target.phone, countryCode: target.countryCode, role: target.role, position: target.position },
    { ...(changesIdentity ? { name: body.name, email: body.email, phone: body.phone, countryCode: body.countryCode } : {}), role, position: body.position },
  );
  await db.transaction(async (tx) => {
    if (changesIdentity) await updateUserDetails(tx, userId, identity);
    await updateMembership(tx, caller.businessId, userId, { role, position: body.position });
    if (change) {
      await recordEvent(tx, {
        businessId: caller.businessId,
        kind: role === target.role ? 'member.updated' : 'member.role_changed',
        actorId: caller.userId,
        data: { target: { type: 'member', id: userId, name: body.name }, ...change },
      });
    }
  });
  return requireMember(db, caller.businessId, userId);
}

/** Takes a member out of the business with all their site placements, in one transaction. */
export async function removeMember(db: Db, caller: Caller, userId: number) {
  const target = await requireMembership(db, caller.businessId, userId);
  if (userId === caller.userId) throw conflict(MSG.cannotRemoveSelf);
  if (target.role === 'OWNER') throw conflict(MSG.cannotRemoveOwner);
  if (target.role === 'ADMIN' && caller.role !== 'OWNER') throw forbidden(MSG.onlyOwnerManagesAdmins);
  await db.transaction(async (tx) => {
    await deleteMembership(tx, caller.businessId, userId);
    await recordEvent(tx, {
      businessId: caller.businessId,
      kind: 'member.removed',
      actorId: caller.userId,
      data: { target: { type: 'member', id: userId, name: target.fullName }, before: { role: target.role, position: target.position } },
    });
  });
}

/**
 * 'Activate Member Now': the member can sign in with the password they were invited with, and
 * then chooses their own. Only for an account this business created.
 */
export async function activateMember(db: Db, caller: Caller, userId: number) {
  const target = await requireMembership(db, caller.businessId, userId);
  if (!target.activated && !target.createdHere) throw forbidden(MSG.identityOwnedByPerson);
  if (!target.activated) {
    await db.transaction(async (tx) => {
      await activateUser(tx, userId);
      await acceptCreatingInvitation(tx, userId, caller.businessId);
      await recordEvent(tx, {
        businessId: caller.businessId,
        kind: 'member.activated',
        actorId: caller.userId,
        data: { target: { type: 'member', id: userId, name: target.fullName }, before: { activated: false }, after: { activated: true, by: 'administrator' } },
      });
    });
  }
  return requireMember(db, caller.businessId, userId);
}
