// A supervisor's override of an answer's location (DESIGN §7, §13): an answer kept but not counted
// because it was given outside the site's geofence or its position could not be verified counts
// from now on, as if given at the site. Owners, admins and the supervisors of the answer's site
// may rule so, with a reason; who, when and why stay on the answer. The schedule then moves as
// it would have had the answer counted when it came.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { ActionResult, overrideRequest } from '@fieldops/shared/answers';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { overrideAnswerRow, requireManagedResult, requireVisibleResult } from '../action-results/action-results.service.ts';
import { pinVersion } from '../actions/task-versions.service.ts';
import { ruleSetOfVersion } from '../actions/answered-task.service.ts';
import { findScheduleState } from './schedules.repository.ts';
import { visibleSchedules } from './schedules.service.ts';
import { moveOnCountedAnswer } from './submit-answer.service.ts';

/**
 * Overrides the location of answer `id`: 403 for a member or the supervisor of another site, 404
 * for an answer the caller cannot see, 409 for one that already counts for its location. A held
 * answer (paused plan, unproven late delivery) records the override but still does not count.
 */
export async function overrideAnswerLocation(db: Db, caller: Caller, id: number, body: z.output<typeof overrideRequest>): Promise<ActionResult> {
  const managed = await requireManagedResult(db, caller);
  const found = await managed.find(id);
  if (!found.outside) throw conflict(MSG.answerAlreadyInside);
  const { scope } = managed;
  await db.transaction(async (tx) => {
    // The schedule first, as an answer being submitted locks it: the two then take turns.
    const locked = await findScheduleState(tx, scope.businessId, found.scheduleId, scope.timeZone, visibleSchedules(scope), true);
    if (!locked) throw notFound(MSG.answerNotFound);
    if (!(await overrideAnswerRow(tx, scope.businessId, id, caller.userId, body.reason))) throw conflict(MSG.answerAlreadyInside);
    if (found.held !== null) return;
    const version = await pinVersion(tx, scope.businessId, locked);
    await moveOnCountedAnswer(tx, scope.businessId, found.userId, locked, ruleSetOfVersion(version), version);
  });
  return requireVisibleResult(db, scope, id);
}
