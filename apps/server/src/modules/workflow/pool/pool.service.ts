// Pooled schedules (DESIGN §6): the schedules open to the caller's pools, and taking one. A take is
// one conditional update (pool.repository.ts claimSchedule): of any number of members taking the
// same schedule at once, exactly one gets it and the others hear that someone else took it.
import { MSG } from '@fieldops/shared/messages';
import type { OpenSchedule, TakenSchedule } from '@fieldops/shared/pool';
import type { Db } from '../../../db/client.ts';
import { conflict, forbidden, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { managesSite, viewScopeOf } from '../../../policies/schedules.ts';
import { claimSchedule, findOpenPool, findPoolState } from './pool.repository.ts';

/** How many open pooled schedules the tracker is given at most. */
const POOL_LIST_LIMIT = 200;

export const iso = (value: Date | string) => new Date(value).toISOString();

/** Open pooled work the caller may take, and for a manager also what nobody has taken yet at the sites they manage. */
export async function listOpenPool(db: Db, caller: Caller, now = new Date()): Promise<OpenSchedule[]> {
  const scope = await viewScopeOf(db, caller);
  const rows = await findOpenPool(db, caller.businessId, caller.userId, scope.all ? null : scope.supervised, now, POOL_LIST_LIMIT);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    planId: Number(r.planId),
    taskId: Number(r.taskId),
    teamId: Number(r.teamId),
    start: iso(r.start),
    end: iso(r.end),
    deadline: iso(r.deadline),
  }));
}

/**
 * `POST /v1/schedules/{id}/take`. 404 when the caller could not see the schedule (another
 * business's, or a site they neither belong to nor manage); 403 for a member of the site outside
 * the plan's pool (or a manager who is no member); 409 when it is not a pooled schedule open to
 * take, or someone else took it. Taking one's own schedule again answers it again.
 */
export async function takeSchedule(db: Db, caller: Caller, id: number, now = new Date()): Promise<TakenSchedule> {
  const state = await findPoolState(db, caller.businessId, id, caller.userId, now);
  const seen = state && (state.inSite || state.userId === caller.userId || managesSite(await viewScopeOf(db, caller), state.teamId));
  if (!state || !seen) throw notFound(MSG.scheduleNotFound);
  if (state.userId === caller.userId && state.pooled) return { id, userId: caller.userId };
  if (!state.pooled) throw conflict(MSG.scheduleNotOpenToTake);
  if (state.userId !== null) throw conflict(MSG.scheduleTaken);
  if (!state.inPool) throw forbidden(MSG.scheduleNotInPool);
  if (!state.open) throw conflict(MSG.scheduleNotOpenToTake);
  if (await claimSchedule(db, caller.businessId, id, caller.userId, now)) return { id, userId: caller.userId };
  // Someone took it between the read and the update (their update committed first).
  const after = await findPoolState(db, caller.businessId, id, caller.userId, now);
  if (after?.userId === caller.userId) return { id, userId: caller.userId };
  throw conflict(after?.userId === null ? MSG.scheduleNotOpenToTake : MSG.scheduleTaken);
}
