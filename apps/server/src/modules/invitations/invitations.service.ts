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
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { hashNewPassword } from '../../lib/password.ts';
import { hashKey, randomKey } from '../../lib/tokens.ts';
import { isAdmin } from '../../plugins/auth.ts';
import type { Caller } from '../../policies/caller.ts';
import { requireSiteManager, supervisedTeamIds } from '../../policies/sites.ts';
import { activationExpiry } from '../activation/activation.service.ts';
import { addMembership, createInvitedUser, inviteeOf } from '../members/members.service.ts';
import { placeMembers } from '../teams/team-members.service.ts';
import { requireSiteRows, siteRowsOf } from '../teams/teams.service.ts';
import {
  answerInvitation,
  findBusinessInvitation,
  findBusinessInvitations,
  findInvitationByKey,
  findMyInvitations,
  invitationOfBusiness,
  lockPendingInvitation,
  replaceInvitationKey,
  setInvitationStatus,
  upsertInvitation,
} from './invitations.repository.ts';

type InviteInput = z.output<typeof inviteMemberRequest>;

/**
 * Invites an e-mail to one or more sites:
 * - a new e-mail becomes an account of this business, inactive until activated by key (or by an
 *   admin), with the admin's password, which the person replaces at first sign-in;
 * - a member of this business is placed in the sites at once (the business knows them already);
 * - anyone else gets a pending invitation.
 */
export async function inviteMember(db: Db, caller: Caller, teamIds: number[], body: InviteInput, teamsField?: string): Promise<Invitation> {
  const { businessId } = caller;
  await requireSiteRows(db, businessId, teamIds, teamsField);
  await requireSiteManager(db, caller, teamIds);
  // The password is checked whether or not it will be used, so a refusal says nothing about the e-mail.
  const passwordHash = await hashNewPassword(body.password, 'password');
  const existing = await inviteeOf(db, businessId, body.email);
  const invitationId = await db.transaction(async (tx) => {
    let userId: number;
    let status: InvitationStatus = 'PENDING';
    if (!existing) {
      userId = await createAccount(tx, businessId, body, passwordHash);
      await place(tx, businessId, userId, teamIds, body);
    } else if (existing.member !== null) {
      userId = existing.id;
      status = 'ACCEPTED';
      await place(tx, businessId, userId, teamIds, body);
    } else {
      userId = existing.id;
    }
    return upsertInvitation(tx, {
      businessId,
      userId,
      email: body.email,
      name: body.name,
      authority: body.role,
      position: body.position,
      externalId: body.externalId,
      teamIds,
      invitedBy: caller.userId,
      status,
    });
  });
  const invitation = await findBusinessInvitation(db, businessId, invitationId);
  if (!invitation) throw notFound(MSG.invitationNotFound);
  return invitation;
}

async function createAccount(tx: Db, businessId: number, body: InviteInput, passwordHash: string) {
  const id = await createInvitedUser(tx, {
    email: body.email,
    fullName: body.name,
    passwordHash,
    activationKey: hashKey(randomKey()),
    activationExpiresAt: activationExpiry(),
    createdByBusinessId: businessId,
    mustChangePassword: true,
  });
  // Null when someone took the e-mail or the username between the look-up and now.
  if (id === null) throw conflict(MSG.emailTaken, [{ field: 'email', message: MSG.emailTaken }]);
  return id;
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
 * address). Accepting places them in the business and the sites named in it.
 */
export async function acceptInvitation(db: Db, userId: number, id: number, key: string | undefined) {
  await db.transaction(async (tx) => {
    const invitation = await lockPendingInvitation(tx, userId, id, key ? hashKey(key) : null);
    if (!invitation) throw notFound(MSG.invitationNotFound);
    await place(tx, invitation.businessId, userId, invitation.teamIds, {
      role: invitation.authority,
      position: invitation.position,
      externalId: invitation.externalId,
    });
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
