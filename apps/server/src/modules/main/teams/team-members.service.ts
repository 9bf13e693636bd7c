// Placing members in sites and taking them out (inviting by e-mail is modules/invitations).
// Owners and admins may do this anywhere in their business, supervisors only in the sites they
// supervise.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { assignMembersRequest } from '@fieldops/shared/organisation';
import type { Db } from '../../../db/client.ts';
import { missingReference, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { requireSiteManager } from '../../../policies/sites.ts';
import { memberIdsOf } from '../members/members.service.ts';
import { deletePlacement, findPlacement, findPlacements, findTeamMembers, upsertPlacements, type Placement } from './team-members.repository.ts';
import { requireSiteRows } from './teams.service.ts';

/** The members of one site: a page of them, or all when no page is given. */
export const membersOfSite = (db: Db, businessId: number, teamId: number, page?: { page: number; size: number }) =>
  findTeamMembers(db, businessId, teamId, page);

/** The placements of `userIds` in `teamIds`, in site then user order. */
export const placementsOf = (db: Db, businessId: number, teamIds: number[], userIds: number[]) => findPlacements(db, businessId, teamIds, userIds);

/** The member's placement in the site, or null. */
export const placementOf = (db: Db, businessId: number, teamId: number, userId: number) => findPlacement(db, businessId, teamId, userId);

/** Places members in sites, or changes their authority and position where they are placed already. */
export const placeMembers = (db: Db, businessId: number, placements: Placement[]) => upsertPlacements(db, businessId, placements);

export async function assignMembers(db: Db, caller: Caller, teamId: number, list: z.output<typeof assignMembersRequest>) {
  await requireSiteRows(db, caller.businessId, [teamId]);
  await requireSiteManager(db, caller, [teamId]);
  const userIds = list.map((a) => a.userId);
  const known = await memberIdsOf(db, caller.businessId, userIds);
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
