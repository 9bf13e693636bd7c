// Reading schedules: the lists (everything the caller sees, or only their own), the KPIs over
// the same filters, one schedule with everything the runner needs, and the action counts of a
// page (two queries for the whole page: its tasks' actions and its counted answers).
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { Schedule, ScheduleDetail, ScheduleKpis, schedulesQuery } from '@fieldops/shared/schedules';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { schedules } from '../../../db/schema-schedules.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { scopeCondition, viewScopeOf, type ViewScope } from '../../../policies/schedules.ts';
import { answeredTask, ruleSetOfVersion } from '../actions/answered-task.service.ts';
import { findVersions } from '../actions/task-versions.service.ts';
import { latestAnswersOf, scheduleAnswersAsGiven } from '../action-results/action-results.service.ts';
import { answersByAction, isOpen, progressOf, type RuleSet } from './answer-status.ts';
import {
  countSchedules,
  findRuleSets,
  findSchedule,
  findSchedules,
  findScheduleState,
  findScheduleVersionIds,
  recordHandover,
  type ScheduleWhere,
} from './schedules.repository.ts';

type SchedulesQuery = z.output<typeof schedulesQuery>;

/** Which schedules a list holds: all the caller sees, or only the caller's own (My Tasks). */
export type ScheduleListKind = 'visible' | 'own';

export const visibleSchedules = (scope: ViewScope) => scopeCondition(scope, schedules.teamId, schedules.userId);

function whereFor(scope: ViewScope, kind: ScheduleListKind, query: SchedulesQuery): ScheduleWhere {
  const { projects, teams, users, startDate, endDate, status, task, timing } = query;
  // Their own schedules are always in a caller's sight, so 'own' needs no further scope; a
  // users filter that leaves the caller out matches nothing.
  const ownUsers = [scope.userId].filter((id) => !users || users.includes(id));
  return {
    businessId: scope.businessId,
    timeZone: scope.timeZone,
    now: new Date(),
    filter: { projects, teams, users: kind === 'own' ? ownUsers : users, startDate, endDate, status, task, timing },
    scope: kind === 'own' ? undefined : visibleSchedules(scope),
  };
}

/** Fills answered and required actions and late answers of each schedule, whatever the number of schedules. */
export async function withCalculations(db: Db, businessId: number, items: Schedule[]): Promise<Schedule[]> {
  if (items.length === 0) return items;
  const ids = items.map((s) => s.id);
  // A schedule answered so far counts its progress with the version it answers, any other with its task as it is.
  const [versionIds, answerRows] = await Promise.all([findScheduleVersionIds(db, businessId, ids), latestAnswersOf(db, businessId, ids, true)]);
  const [ruleSets, versions] = await Promise.all([
    findRuleSets(db, businessId, [...new Set(items.filter((s) => !versionIds.get(s.id)).map((s) => s.taskId))]),
    findVersions(
      db,
      businessId,
      [...versionIds.values()].filter((id): id is number => id !== null),
    ),
  ]);
  const ruleSetOf = (s: Schedule): RuleSet => {
    const version = versions.get(versionIds.get(s.id) ?? -1);
    return version ? ruleSetOfVersion(version) : (ruleSets.get(s.taskId) ?? { actions: [], sections: [] });
  };
  return items.map((s) => {
    const answers = answerRows.filter((a) => a.scheduleId === s.id);
    const progress = progressOf(ruleSetOf(s), answersByAction(answers));
    return { ...s, answeredActions: progress.answered, requiredActions: progress.required, lateAnswers: answers.filter((a) => a.late).length };
  });
}

export async function listSchedules(db: Db, caller: Caller, kind: ScheduleListKind, query: SchedulesQuery) {
  const scope = await viewScopeOf(db, caller);
  const where = whereFor(scope, kind, query);
  const dir = query.sort?.endsWith(',desc') ? 'desc' : 'asc';
  const { items, total } = await findSchedules(db, where, { page: query.page, size: query.size, dir });
  return { items: query.withActionCalculations ? await withCalculations(db, scope.businessId, items) : items, total };
}

export async function scheduleKpis(db: Db, caller: Caller, query: SchedulesQuery): Promise<ScheduleKpis> {
  const scope = await viewScopeOf(db, caller);
  const counts = await countSchedules(db, whereFor(scope, 'visible', query));
  const completionRate = counts.total === 0 ? 0 : Math.round((counts.done / counts.total) * 1000) / 10;
  return { id: null, ...counts, completionRate };
}

/** A schedule the caller sees, or 404 'No schedule found with this ID.'. */
export async function requireSchedule(db: Db, scope: ViewScope, id: number): Promise<Schedule> {
  const found = await findSchedule(db, scope.businessId, id, visibleSchedules(scope));
  if (!found) throw notFound(MSG.scheduleNotFound);
  return found;
}

export async function getSchedule(db: Db, caller: Caller, id: number): Promise<Schedule> {
  return requireSchedule(db, await viewScopeOf(db, caller), id);
}

/**
 * The schedule with its task and ordered actions (as the version it answers has them, once it has
 * answers), its site's geofence and all its answers. Read by
 * its own member (the runner, and the device's offline copy), it is from now on on their device:
 * answers delivered late are credible only from that moment (answer-status.ts lateDeliveryCounts).
 */
export async function getScheduleDetail(db: Db, caller: Caller, id: number): Promise<ScheduleDetail> {
  const scope = await viewScopeOf(db, caller);
  const state = await findScheduleState(db, scope.businessId, id, scope.timeZone, visibleSchedules(scope));
  if (!state) throw notFound(MSG.scheduleNotFound);
  if (state.userId === caller.userId) await recordHandover(db, scope.businessId, id);
  const [schedule, task] = await Promise.all([requireSchedule(db, scope, id), answeredTask(db, scope.businessId, state)]);
  // Its answers read with the actions it answers, those the task has lost since included.
  const asGiven = new Map(
    task.actions.map((a) => [a.id, { id: a.id, nameEn: a.nameEn, nameAr: a.nameAr, type: a.type, options: a.options, settings: a.settings }]),
  );
  const answers = await scheduleAnswersAsGiven(db, scope.businessId, id, (actionId) => asGiven.get(actionId));
  const [calculated] = await withCalculations(db, scope.businessId, [schedule]);
  return {
    ...must(calculated, 'withCalculations answers one schedule per schedule given'),
    task,
    site: { id: state.teamId, name: state.siteName, latitude: state.latitude, longitude: state.longitude, radius: state.radius, polygon: state.polygon },
    answers,
    paused: state.paused,
    canAnswer: state.userId === caller.userId && !state.paused && isOpen(state, new Date()),
  };
}
