// One inspection as it was given (DESIGN §13): the schedule, the task version it was answered
// with, the latest answer to each action read with that version's words, options and settings,
// and its score: kept once it is finished, worked out from the answers so far before. Whoever may read the schedule may read its inspection.
import type { ActionResult } from '@fieldops/shared/answers';
import type { Inspection } from '@fieldops/shared/inspections';
import type { Db } from '../../../db/client.ts';
import type { Caller } from '../../../policies/caller.ts';
import { viewScopeOf, type ViewScope } from '../../../policies/schedules.ts';
import { latestAnswersOf, scheduleAnswersAsGiven } from '../action-results/action-results.service.ts';
import { requireSchedule } from './schedules.service.ts';
import { findScheduleVersionId } from './schedules.repository.ts';
import { findVersion, pinVersion } from '../actions/task-versions.service.ts';
import { findScheduleScore, scoreOfAnswers } from './schedule-scores.ts';

export async function getInspection(db: Db, caller: Caller, id: number): Promise<Inspection> {
  return inspectionIn(db, await viewScopeOf(db, caller), id);
}

/** The inspection of a schedule the scope sees; 404 otherwise. */
export async function inspectionIn(db: Db, scope: ViewScope, id: number): Promise<Inspection> {
  const schedule = await requireSchedule(db, scope, id);
  const versionId = await findScheduleVersionId(db, scope.businessId, id);
  const [version, kept] = await Promise.all([
    versionId !== null
      ? findVersion(db, scope.businessId, versionId)
      : // Answered before tasks kept versions: it takes the task as it is now, once, as an answer would.
        schedule.status === 'pending'
        ? null
        : db.transaction((tx) => pinVersion(tx, scope.businessId, { id, taskId: schedule.taskId, taskVersionId: null })),
    findScheduleScore(db, scope.businessId, id),
  ]);
  // A finished inspection's score is kept (and counted in the reports); one still in progress, or
  // missed before it was finished, is scored here from the answers it has so far.
  const current = kept ?? (version ? scoreOfAnswers(version, await latestAnswersOf(db, scope.businessId, [id], true)) : null);
  const asGiven = new Map<number, ActionResult['action']>(
    (version?.content.actions ?? []).map((a) => [
      a.id,
      { id: a.id, nameEn: a.nameEn, nameAr: a.nameAr, type: a.type, options: a.options, settings: a.settings },
    ]),
  );
  const all = await scheduleAnswersAsGiven(db, scope.businessId, id, (actionId) => asGiven.get(actionId));
  // The latest answer to each action, in the version's order (answers to actions it lacks last).
  const latest = new Map<number, ActionResult>();
  for (const answer of all) latest.set(answer.action.id, answer);
  const order = new Map((version?.content.actions ?? []).map((a, i) => [a.id, i]));
  const answers = [...latest.values()].sort((a, b) => (order.get(a.action.id) ?? Infinity) - (order.get(b.action.id) ?? Infinity) || a.id - b.id);
  return {
    schedule,
    version,
    answers,
    score: current
      ? {
          achieved: current.achieved,
          possible: current.possible,
          percent: current.percent,
          passed: current.passed,
          failed: current.failed,
          sections: current.sections,
        }
      : null,
  };
}
