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
import { changedFields } from '../../../lib/audit-changes.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { basicInfosOf } from '../members/members.service.ts';
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
  const [siteRow] = await requireSiteRows(db, caller.businessId, [teamId]);
  await requireSiteManager(db, caller, [teamId]);
  const userIds = list.map((a) => a.userId);
  const known = new Map((await basicInfosOf(db, caller.businessId, userIds)).map((m) => [m.id, m.fullName]));
  const missing = list.findIndex((a) => !known.has(a.userId));
  if (missing >= 0) throw missingReference(`${missing}.userId`, MSG.userNotFound);
  // The placements as they were: the audit log tells a new placement from a changed authority or position.
  const was = new Map((await findPlacements(db, caller.businessId, [teamId], userIds)).map((p) => [p.userId, p]));
  await db.transaction(async (tx) => {
    await upsertPlacements(
      tx,
      caller.businessId,
      list.map((a) => ({ teamId, userId: a.userId, authority: a.role, position: a.position })),
    );
    for (const a of list) {
      const before = was.get(a.userId);
      const site = { siteId: teamId, siteName: siteRow?.name ?? null };
      const placed = { authority: a.role, position: a.position ?? null };
      const change = before ? changedFields({ authority: before.authority, position: before.position }, placed) : { before: null, after: placed };
      if (!change) continue;
      await recordEvent(tx, {
        businessId: caller.businessId,
        kind: before ? 'member.updated' : 'member.site_added',
        actorId: caller.userId,
        data: {
          target: { type: 'member', id: a.userId, name: known.get(a.userId) ?? null },
          before: change.before && { ...site, ...change.before },
          after: { ...site, ...change.after },
        },
      });
    }
  });
  return findPlacements(db, caller.businessId, [teamId], userIds);
}

export async function removeFromSite(db: Db, caller: Caller, teamId: number, userId: number) {
  const [site] = await requireSiteRows(db, caller.businessId, [teamId]);
  await requireSiteManager(db, caller, [teamId]);
  const [member] = await basicInfosOf(db, caller.businessId, [userId]);
  await db.transaction(async (tx) => {
    if (!(await deletePlacement(tx, caller.businessId, teamId, userId))) throw notFound(MSG.memberNotInSite);
    await recordEvent(tx, {
      businessId: caller.businessId,
      kind: 'member.site_removed',
      actorId: caller.userId,
      data: { target: { type: 'member', id: userId, name: member?.fullName ?? null }, before: { siteId: teamId, siteName: site?.name ?? null } },
    });
  });
}
