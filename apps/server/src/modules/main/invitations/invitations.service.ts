// Inviting people by e-mail, and their answer (DESIGN §4). A person's identity is theirs: a
// business that invites an e-mail which already has an account gets a pending invitation, and
// only the person, signed in and holding the invitation's key (which the business hands them),
// can accept it. The business sees what it typed and nothing about
// the account — the answer is the same whether or not the e-mail had one.
import type { z } from 'zod';
import type { Invitation } from '@fieldops/shared/account';
import type { InvitationStatus } from '@fieldops/shared/enums';
import { MSG } from '@fieldops/shared/messages';
import type { inviteMemberRequest } from '@fieldops/shared/organisation';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { hashNewPassword, NO_PASSWORD } from '../../../lib/password.ts';
import { hashKey, randomKey } from '../../../lib/tokens.ts';
import { isAdmin } from '../../../plugins/auth.ts';
import type { Caller } from '../../../policies/caller.ts';
import { requireSiteManager, supervisedTeamIds } from '../../../policies/sites.ts';
import { activationExpiry } from '../activation/activation.service.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { addMembership, addMemberships, createInvitedUser, createInvitedUsers, memberIdsOf, memberWithEmail } from '../members/members.service.ts';
import { lockAgainstEngine } from '../../workflow/schedule-engine/schedule-engine.ts';
import { placeMembers } from '../teams/team-members.service.ts';
import { requireSiteRows, siteRowsOf } from '../teams/teams.service.ts';
import {
  answerInvitation,
  findBusinessInvitation,
  findBusinessInvitations,
  findInvitationByKey,
  findMyInvitations,
  insertPendingInvitations,
  invitationOfBusiness,
  lockPendingInvitation,
  replaceInvitationKey,
  setInvitationStatus,
  upsertInvitation,
} from './invitations.repository.ts';
import { handOverStandIn, lockStandIn } from './stand-in.repository.ts';
import { queueInvitationMail, queueInvitationMails } from '../../platform/notifications/invitation-mail.ts';

type InviteInput = z.output<typeof inviteMemberRequest>;

/**
 * Invites an e-mail to one or more sites:
 * - a member of this business with that e-mail is placed in the sites at once (the business
 *   knows them already; a member it made and nobody activated yet keeps one pending invitation);
 * - any other e-mail becomes a new account of this business, inactive until activated by key (or
 *   by an admin), with the admin's password, which the person replaces at first sign-in. It does
 *   not claim the e-mail, so it is made alike whether or not someone has an account with that
 *   address: the business learns nothing of other accounts. A person who has one joins with it
 *   by the invitation's key instead (acceptInvitation), and the new account gives way to theirs.
 */
export async function inviteMember(
  db: Db,
  caller: Caller,
  teamIds: number[],
  body: InviteInput,
  teamsField?: string,
  appUrl = 'http://localhost:8080',
): Promise<Invitation> {
  const { businessId } = caller;
  await requireSiteRows(db, businessId, teamIds, teamsField);
  await requireSiteManager(db, caller, teamIds);
  const passwordHash = await hashNewPassword(body.password, 'password');
  const member = await memberWithEmail(db, businessId, body.email);
  const invitationId = await db.transaction(async (tx) => {
    const created = member ? null : await createAccount(tx, businessId, body, passwordHash);
    const userId = member?.id ?? created!.id;
    await place(tx, businessId, userId, teamIds, body);
    const id = await upsertInvitation(tx, {
      businessId,
      userId,
      email: body.email,
      name: body.name,
      authority: body.role,
      position: body.position,
      externalId: body.externalId,
      teamIds,
      invitedBy: caller.userId,
      // An account the business made and nobody activated yet: its invitation gains the sites.
      status: member?.activated ? 'ACCEPTED' : 'PENDING',
    });
    await recordEvent(tx, {
      businessId,
      kind: 'member.invited',
      actorId: caller.userId,
      data: {
        target: { type: 'member', id: userId, name: body.name },
        after: { email: body.email, siteIds: teamIds, authority: body.role, position: body.position ?? null, newAccount: Boolean(created) },
      },
    });
    // A new account: the e-mail carries its activation link, and the invitation's own link for a
    // person who already has an account elsewhere and joins with it.
    if (created) {
      const invitationKey = randomKey();
      await replaceInvitationKey(tx, businessId, id, hashKey(invitationKey));
      await queueInvitationMail(tx, {
        businessId,
        inviterId: caller.userId,
        invitationId: id,
        to: body.email,
        activateUrl: `${appUrl}/activate?key=${created.activationKey}`,
        acceptUrl: `${appUrl}/invitations?key=${invitationKey}`,
      });
    }
    return id;
  });
  const invitation = await findBusinessInvitation(db, businessId, invitationId);
  if (!invitation) throw notFound(MSG.invitationNotFound);
  return invitation;
}

async function createAccount(tx: Db, businessId: number, body: Pick<InviteInput, 'name'> & { email: string }, passwordHash: string) {
  const activationKey = randomKey();
  const values = {
    email: body.email,
    fullName: body.name,
    passwordHash,
    activationKey: hashKey(activationKey),
    activationExpiresAt: activationExpiry(),
    createdByBusinessId: businessId,
    mustChangePassword: true,
  };
  // Null when someone took the username made from the e-mail between its look-up and now: once more.
  const id = (await createInvitedUser(tx, values)) ?? (await createInvitedUser(tx, values));
  if (id === null) throw conflict(MSG.usernameTaken, [{ field: 'email', message: MSG.usernameTaken }]);
  return { id, activationKey };
}

async function place(tx: Db, businessId: number, userId: number, teamIds: number[], body: Pick<InviteInput, 'role' | 'position' | 'externalId'>) {
  await addMembership(tx, businessId, userId, { position: body.position, externalId: body.externalId });
  // Only sites still in the business: one may have been deleted since the invitation was sent.
  const live = await siteRowsOf(tx, businessId, teamIds);
  await placeMembers(
    tx,
    businessId,
    live.map((t) => ({ teamId: t.id, userId, authority: body.role, position: body.position })),
  );
}

/** A member of a bulk import, as its row asks. */
export interface ImportedMember {
  name: string;
  /** Null for a member without e-mail: their account waits for its activation key (a printed card). */
  email: string | null;
  teamIds: number[];
  role: InviteInput['role'];
  position: string | null;
  externalId: string | null;
}

/** One imported member's account, as addImportedMembers makes many: its id. */
export async function addImportedMember(tx: Db, businessId: number, inviterId: number, member: ImportedMember, appUrl: string): Promise<number> {
  const [id] = await addImportedMembers(tx, businessId, inviterId, [member], appUrl);
  return id!;
}

/**
 * Makes the accounts of imported members in the import's transaction `tx`, in a few statements
 * however many: the accounts (no password until the person chooses one at activation), their
 * memberships and sites, and for those with an e-mail the invitation and its e-mail, as
 * inviteMember makes them; an account without e-mail only waits for its key (a printed card).
 * Answers the ids in the order given; throws a 409 when a username was taken meanwhile (the import
 * then writes the batch one row at a time).
 */
export async function addImportedMembers(tx: Db, businessId: number, inviterId: number, members: readonly ImportedMember[], appUrl: string): Promise<number[]> {
  const activationKeys = members.map(() => randomKey());
  const expiresAt = activationExpiry();
  const ids = await createInvitedUsers(
    tx,
    members.map((m, i) => ({
      email: m.email ?? '',
      fullName: m.name,
      passwordHash: NO_PASSWORD,
      activationKey: hashKey(activationKeys[i]!),
      activationExpiresAt: expiresAt,
      createdByBusinessId: businessId,
      mustChangePassword: true,
    })),
  );
  if (ids.some((id) => id === null)) throw conflict(MSG.usernameTaken);
  const userIds = ids as number[];
  await addMemberships(
    tx,
    businessId,
    members.map((m, i) => ({ userId: userIds[i]!, position: m.position, externalId: m.externalId })),
  );
  await placeMembers(
    tx,
    businessId,
    members.flatMap((m, i) => m.teamIds.map((teamId) => ({ teamId, userId: userIds[i]!, authority: m.role, position: m.position }))),
  );
  const invited = members.flatMap((m, i) =>
    m.email ? [{ member: m, email: m.email, userId: userIds[i]!, activationKey: activationKeys[i]!, key: randomKey() }] : [],
  );
  const invitationIds = await insertPendingInvitations(
    tx,
    invited.map(({ member, email, userId, key }) => ({
      businessId,
      userId,
      email,
      name: member.name,
      authority: member.role,
      position: member.position,
      externalId: member.externalId,
      teamIds: member.teamIds,
      invitedBy: inviterId,
      keyHash: hashKey(key),
    })),
  );
  await queueInvitationMails(
    tx,
    invited.map(({ email, userId, activationKey, key }) => ({
      businessId,
      inviterId,
      invitationId: invitationIds.get(userId)!,
      to: email,
      activateUrl: `${appUrl}/activate?key=${activationKey}`,
      acceptUrl: `${appUrl}/invitations?key=${key}`,
    })),
  );
  return userIds;
}

/** Places an existing member of the business in more sites with the row's role and position (a bulk import's update). */
export async function placeImportedMember(tx: Db, businessId: number, userId: number, member: Pick<ImportedMember, 'teamIds' | 'role' | 'position'>) {
  await placeMembers(
    tx,
    businessId,
    member.teamIds.map((teamId) => ({ teamId, userId, authority: member.role, position: member.position })),
  );
}

/** Owners and admins see every invitation of the business; a supervisor those to their sites. */
export async function listInvitations(db: Db, caller: Caller, status: InvitationStatus | undefined, page: { page: number; size: number }) {
  if (isAdmin(caller)) return findBusinessInvitations(db, caller.businessId, { status }, page);
  const supervised = await supervisedTeamIds(db, caller.businessId, caller.userId);
  if (supervised.length === 0) return { items: [], total: 0 };
  return findBusinessInvitations(db, caller.businessId, { status, teamIds: supervised }, page);
}

/** An invitation of the caller's business to sites they manage; 404 or 403 otherwise. */
async function requireManagedInvitation(db: Db, caller: Caller, id: number) {
  const invitation = await findBusinessInvitation(db, caller.businessId, id);
  if (!invitation) throw notFound(MSG.invitationNotFound);
  await requireSiteManager(
    db,
    caller,
    invitation.teams.map((t) => t.id),
  );
}

export async function cancelInvitation(db: Db, caller: Caller, id: number) {
  await requireManagedInvitation(db, caller, id);
  const changed = await setInvitationStatus(db, invitationOfBusiness(caller.businessId, id), 'CANCELED');
  if (changed.length === 0) throw conflict(MSG.invitationNotFound);
}

export const myInvitations = findMyInvitations;

/**
 * A new secret for a pending invitation, for the business to hand to the person (the previous one
 * stops working). Shown once: only its hash is kept.
 */
export async function issueInvitationKey(db: Db, caller: Caller, id: number) {
  await requireManagedInvitation(db, caller, id);
  const key = randomKey();
  if (!(await replaceInvitationKey(db, caller.businessId, id, hashKey(key)))) throw notFound(MSG.invitationNotFound);
  return { key };
}

/** The pending invitation a key opens, for the signed-in person holding it. */
export async function invitationForKey(db: Db, key: string) {
  const found = await findInvitationByKey(db, hashKey(key));
  if (!found) throw notFound(MSG.invitationNotFound);
  return found;
}

/**
 * The person answers an invitation whose key they hold (or that is listed to them at a proven
 * address). Accepting places them in the business and the sites named in it; when the invitation
 * made an account of the business for them (a stand-in), their own account takes its place, with
 * everything the business has given it since.
 */
export async function acceptInvitation(db: Db, userId: number, id: number, key: string | undefined) {
  await db.transaction(async (tx) => {
    const invitation = await lockPendingInvitation(tx, userId, id, key ? hashKey(key) : null);
    if (!invitation) throw notFound(MSG.invitationNotFound);
    const standIn = invitation.userId !== null && invitation.userId !== userId ? await lockStandIn(tx, invitation.businessId, invitation.userId) : null;
    if (standIn !== null) {
      if ((await memberIdsOf(tx, invitation.businessId, [userId])).size > 0) throw conflict(MSG.alreadyInBusiness);
      // The stand-in's schedules pass to the person: the engine's pass waits for this transaction.
      await lockAgainstEngine(tx);
      // Figures of an earlier membership of the person's may collide with the stand-in's.
      await tx
        .transaction((handOver) => handOverStandIn(handOver, standIn, userId))
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw conflict(MSG.alreadyInBusiness);
          throw err;
        });
    } else {
      await place(tx, invitation.businessId, userId, invitation.teamIds, {
        role: invitation.authority,
        position: invitation.position,
        externalId: invitation.externalId,
      });
    }
    await answerInvitation(tx, id, userId, 'ACCEPTED');
  });
}

export async function declineInvitation(db: Db, userId: number, id: number, key: string | undefined) {
  await db.transaction(async (tx) => {
    const invitation = await lockPendingInvitation(tx, userId, id, key ? hashKey(key) : null);
    if (!invitation) throw notFound(MSG.invitationNotFound);
    await answerInvitation(tx, id, userId, 'DECLINED');
  });
}
