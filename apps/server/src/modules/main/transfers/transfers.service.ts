// Transfers: a member moves from one site to another keeping their authority and position
// (carrying the execution plans chosen, with their schedules), and a site moves from one
// project to another.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { transferMemberRequest } from '@fieldops/shared/organisation';
import type { Db } from '../../../db/client.ts';
import { conflict, fieldError, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { requireSiteManager } from '../../../policies/sites.ts';
import { carryMemberPlans } from '../../workflow/execution-plans/plan-carry.service.ts';
import { requireProjectRow } from '../projects/projects.service.ts';
import { lockAgainstEngine, materialisePlans } from '../../workflow/schedule-engine/schedule-engine.ts';
import { placementOf, placementsOf } from '../teams/team-members.service.ts';
import { requireSite, requireSiteRow, requireSiteRows } from '../teams/teams.service.ts';
import { lockPlacement, memberNameOf, movePlacement, moveSite } from './transfers.repository.ts';
import { recordEvent } from '../../platform/events/events.service.ts';

export async function transferMember(db: Db, caller: Caller, teamId: number, userId: number, body: z.output<typeof transferMemberRequest>, now = new Date()) {
  const { businessId } = caller;
  const sites = await requireSiteRows(db, businessId, [teamId]);
  if (body.toTeamId === teamId) throw fieldError('toTeamId', MSG.sameSite);
  sites.push(...(await requireSiteRows(db, businessId, [body.toTeamId], 'toTeamId')));
  await requireSiteManager(db, caller, [teamId, body.toTeamId]);
  await db.transaction(async (tx) => {
    // Schedules are replaced below: the engine's pass waits for this transaction.
    await lockAgainstEngine(tx);
    const placement = await lockPlacement(tx, businessId, teamId, userId);
    if (!placement) throw notFound(MSG.memberNotInSite);
    if (await placementOf(tx, businessId, body.toTeamId, userId)) throw conflict(MSG.memberAlreadyInSite);
    const carried = await carryMemberPlans(tx, {
      businessId,
      userId,
      fromTeamId: teamId,
      toTeamId: body.toTeamId,
      planIds: body.executionPlanIds,
      now,
    });
    await movePlacement(tx, businessId, placement.id, body.toTeamId);
    // The carried plans' schedules follow the member to the new site.
    await materialisePlans(tx, { businessId, planIds: carried, now });
    const siteName = (id: number) => sites.find((site) => site.id === id)?.name ?? null;
    await recordEvent(tx, {
      businessId,
      kind: 'member.transferred',
      actorId: caller.userId,
      data: {
        target: { type: 'member', id: userId, name: await memberNameOf(tx, userId) },
        before: { siteId: teamId, siteName: siteName(teamId) },
        after: { siteId: body.toTeamId, siteName: siteName(body.toTeamId), planIds: carried },
      },
    });
  });
  const [moved] = await placementsOf(db, businessId, [body.toTeamId], [userId]);
  return moved;
}

export async function transferSite(db: Db, businessId: number, teamId: number, projectId: number, newProjectId: number) {
  const site = await requireSiteRow(db, businessId, teamId);
  await requireProjectRow(db, businessId, projectId);
  if (site.projectId !== projectId) throw conflict(MSG.siteNotInProject);
  if (newProjectId === projectId) throw fieldError('newProjectId', MSG.sameProject);
  await requireProjectRow(db, businessId, newProjectId, 'newProjectId');
  // One guarded statement: a site moved meanwhile by someone else is not moved again.
  if (!(await moveSite(db, businessId, teamId, projectId, newProjectId))) throw conflict(MSG.siteNotInProject);
  return requireSite(db, businessId, teamId);
}
