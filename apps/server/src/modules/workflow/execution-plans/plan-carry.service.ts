// Execution plans in a member's transfer between sites: the chosen plans go with the member, the
// others stay behind. Runs inside the transfer's transaction.
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { missingReference } from '../../../lib/errors.ts';
import { deleteOpenSchedules, instant, lockMemberPlans, movePlanRows } from './execution-plans.repository.ts';

export interface PlanCarry {
  businessId: number;
  userId: number;
  fromTeamId: number;
  toTeamId: number;
  planIds: number[];
  now: Date;
}

/**
 * Each id must be one of the member's own plans in the source site (404 otherwise, before
 * anything moves). Carried plans move to the new site and leave their group; plans left behind
 * become inactive. Both lose their unanswered schedules from `now` on; the caller materialises
 * the carried ones once the member is placed in the new site. Answers the carried ids.
 */
export async function carryMemberPlans(tx: Db, carry: PlanCarry): Promise<number[]> {
  const { businessId, userId, fromTeamId, toTeamId, now } = carry;
  const own = await lockMemberPlans(tx, businessId, fromTeamId, userId);
  const wanted = [...new Set(carry.planIds)];
  if (wanted.some((id) => !own.includes(id))) throw missingReference('executionPlanIds', MSG.executionPlanNotFound);
  await deleteOpenSchedules(tx, businessId, own, instant(now));
  await movePlanRows(tx, businessId, wanted, toTeamId);
  return wanted;
}
