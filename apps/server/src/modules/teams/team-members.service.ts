// Placing members in sites, taking them out, and inviting new members by e-mail. Owners and
// admins may do this anywhere in their business, supervisors only in the sites they supervise.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { assignMembersRequest, inviteMemberRequest } from '@fieldops/shared/organisation';
import type { Db } from '../../db/client.ts';
import { conflict, missingReference, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { randomKey } from '../../lib/tokens.ts';
import type { Tenant } from '../../plugins/auth.ts';
import {
  addMembership, findMemberIds, findUserIdByEmail, freeUsernameFor, insertInvitedUser,
} from '../members/members.repository.ts';
import { requireSiteManager } from './site-access.ts';
import { deletePlacement, findPlacements, upsertPlacements } from './team-members.repository.ts';
import { requireSiteRows } from './teams.service.ts';

type Caller = Tenant & { userId: number };
type InviteInput = z.output<typeof inviteMemberRequest>;

export async function assignMembers(db: Db, caller: Caller, teamId: number, list: z.output<typeof assignMembersRequest>) {
  await requireSiteRows(db, caller.businessId, [teamId]);
  await requireSiteManager(db, caller, [teamId]);
  const userIds = list.map((a) => a.userId);
  const known = await findMemberIds(db, caller.businessId, userIds);
  const missing = list.findIndex((a) => !known.has(a.userId));
  if (missing >= 0) throw missingReference(`${missing}.userId`, MSG.userNotFound);
  await upsertPlacements(
    db,
    caller.businessId,
    list.map((a) => ({ teamId, userId: a.userId, authority: a.role, position: a.position })),
  );
  return findPlacements(db, caller.businessId, [teamId], userIds);
}

export async function removeFromSite(db: Db, caller: Caller, teamId: number, userId: number) {
  await requireSiteRows(db, caller.businessId, [teamId]);
  await requireSiteManager(db, caller, [teamId]);
  if (!(await deletePlacement(db, caller.businessId, teamId, userId))) throw notFound(MSG.memberNotInSite);
}

/**
 * Invites a person by e-mail to one or more sites. A new person becomes an inactive user with an
 * activation key; a known e-mail adds that user as they are (their password is not touched).
 * The user, the membership and the placements are written in one transaction.
 */
export async function inviteMember(db: Db, caller: Caller, teamIds: number[], body: InviteInput, teamsField?: string) {
  const { businessId } = caller;
  await requireSiteRows(db, businessId, teamIds, teamsField);
  await requireSiteManager(db, caller, teamIds);
  const existingId = await findUserIdByEmail(db, body.email);
  const passwordHash = existingId === null ? await hashPassword(body.password) : null;
  const userId = await db.transaction(async (tx) => {
    const id = existingId ?? (await createInvitedUser(tx, body, passwordHash));
    await addMembership(tx, businessId, id, { position: body.position, externalId: body.externalId });
    await upsertPlacements(tx, businessId, teamIds.map((teamId) => ({ teamId, userId: id, authority: body.role, position: body.position })));
    return id;
  });
  return findPlacements(db, businessId, teamIds, [userId]);
}

async function createInvitedUser(tx: Db, body: InviteInput, passwordHash: string | null) {
  const username = await freeUsernameFor(tx, body.email);
  const id = passwordHash
    ? await insertInvitedUser(tx, { username, email: body.email, fullName: body.name, passwordHash, activationKey: randomKey() })
    : null;
  // Null when someone took the e-mail or the username between the look-up and now.
  if (id === null) throw conflict(MSG.emailTaken, [{ field: 'email', message: MSG.emailTaken }]);
  return id;
}
