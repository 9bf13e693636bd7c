// Reading and unflagging answers. Owners and admins read every answer of the business, a
// supervisor those of their sites and their own, a member their own (policies/schedules.ts); an
// answer out of sight answers 404. Unflagging is for owners, admins and the site's supervisors.
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { submissionsQuery } from '@fieldops/shared/reports';
import { ANSWERS_MAP_LIMIT, type AnswersMap, type answersMapQuery } from '@fieldops/shared/answers-map';
import type { ActionResult, actionResultsQuery, flaggedQuery } from '@fieldops/shared/answers';
import type { Db } from '../../../db/client.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { managesSite, requireSomeManagement, viewScopeOf, type ViewScope } from '../../../policies/schedules.ts';
import { actionRowOf } from '../actions/actions.service.ts';
import { memberIdsOf } from '../../main/members/members.service.ts';
import { countLatestResults } from '../reports/reports.service.ts';
import {
  findFlaggedResults,
  findLatestResults,
  findMemberActionResults,
  findResult,
  findResultAsGiven,
  findResultsByIds,
  findScheduleResults,
  findScheduleResultsAsGiven,
  insertResult,
  latestAnswers,
  latestConditions,
  type LatestFilter,
  overrideResultRow,
  updateResultRow,
  visibleAnswerFiles,
  type NewResult,
} from './action-results.repository.ts';
import { answerIdsWhere, findAnswersMap } from './answers-map.repository.ts';

const pageOf = (query: { page: number; size: number; sort?: string }) => ({
  page: query.page,
  size: query.size,
  dir: query.sort?.endsWith(',asc') ? ('asc' as const) : ('desc' as const),
});

/** An answer of the business whoever looks, or null: for the one who just gave it and the live feed. */
export const findAnswer = (db: Db, businessId: number, id: number) => findResult(db, businessId, id);

/** The same, read with its action as the schedule's task version gives it. */
export const findAnswerAsGiven = (db: Db, businessId: number, id: number, given: ActionResult['action']) => findResultAsGiven(db, businessId, id, given);

/** Stores an answer; call inside the transaction that moves its schedule. */
export const insertAnswer = (tx: Db, values: NewResult) => insertResult(tx, values);

/** Counts an answer kept for its location from now on; false when it already counts. Call inside the transaction that moves its schedule. */
export const overrideAnswerRow = (tx: Db, businessId: number, id: number, by: number, reason: string) => overrideResultRow(tx, businessId, id, by, reason);

/** Every answer of a schedule in the order they came. */
export const scheduleAnswers = (db: Db, businessId: number, scheduleId: number) => findScheduleResults(db, businessId, scheduleId);

/** Every answer of a schedule, those to deleted actions too, each with its action as `actionOf` gives it. */
export const scheduleAnswersAsGiven = (db: Db, businessId: number, scheduleId: number, actionOf: Parameters<typeof findScheduleResultsAsGiven>[3]) =>
  findScheduleResultsAsGiven(db, businessId, scheduleId, actionOf);

/** The latest answer to each action of each schedule; `countedOnly` leaves out answers given outside the geofence and held ones. */
export const latestAnswersOf = (db: Db, businessId: number, scheduleIds: readonly number[], countedOnly: boolean) =>
  latestAnswers(db, businessId, scheduleIds, countedOnly);

/** The business's answers of `ids`, in no particular order, for the live feed's replay (modules/live-feed). */
export const answersByIds = (db: Db, businessId: number, ids: readonly number[]) => findResultsByIds(db, businessId, ids);

/** The answer as the caller sees it, or 404 'Answer not found'. */
export async function requireVisibleResult(db: Db, scope: ViewScope, id: number): Promise<ActionResult> {
  const found = await findResult(db, scope.businessId, id, scope);
  if (!found) throw notFound(MSG.answerNotFound);
  return found;
}

export async function getResult(db: Db, caller: Caller, id: number) {
  return requireVisibleResult(db, await viewScopeOf(db, caller), id);
}

/** A member's answers to one action, the answer history. Both ids must be the business's. */
export async function memberActionResults(db: Db, caller: Caller, userId: number, actionId: number, query: z.output<typeof actionResultsQuery>) {
  const scope = await viewScopeOf(db, caller);
  const member = (await memberIdsOf(db, scope.businessId, [userId])).has(userId);
  // A member reads only their own history; anyone else's is as if it did not exist.
  const canRead = scope.all || scope.supervised.length > 0 || userId === caller.userId;
  if (!member || !canRead) throw notFound(MSG.userNotFound);
  if (!(await actionRowOf(db, scope.businessId, actionId))) throw notFound(MSG.actionNotFound);
  return findMemberActionResults(db, scope, userId, actionId, query, pageOf(query));
}

/** 'Answers needing attention': flagged answers (or, with isFlagged=false, the others). */
export async function flaggedResults(db: Db, caller: Caller, query: z.output<typeof flaggedQuery>) {
  const scope = await viewScopeOf(db, caller);
  return findFlaggedResults(db, scope, query, pageOf(query));
}

/**
 * 'Recent submitted actions' and the submissions of the reports: the newest answers given in a
 * date range, of projects, sites, members, a task, an action or a tag's actions.
 */
export async function latestResults(db: Db, caller: Caller, query: z.output<typeof submissionsQuery>) {
  const scope = await viewScopeOf(db, caller);
  return findLatestResults(db, scope, query, pageOf(query), () => countLatestResults(db, scope, query));
}

/** The ids of the answers the caller sees meeting the submissions filters, as a subquery, for counts kept beside answers (photo reviews). */
export async function answerIdsMatching(db: Db, caller: Caller, filter: LatestFilter): Promise<SQL> {
  return answerIdsWhere(latestConditions(await viewScopeOf(db, caller), filter));
}

/** The answers map of the reports: the newest answers with a position meeting the submissions filters, and their sites. */
export async function answersMap(db: Db, caller: Caller, query: z.output<typeof answersMapQuery>): Promise<AnswersMap> {
  const scope = await viewScopeOf(db, caller);
  return { ...(await findAnswersMap(db, scope, query, ANSWERS_MAP_LIMIT)), limit: ANSWERS_MAP_LIMIT };
}

/**
 * The answer, for a change only managers make: a plain member is refused (403), an answer out of
 * sight is 404, and a supervisor must supervise the answer's site.
 */
export async function requireManagedResult(db: Db, caller: Caller) {
  const scope = await viewScopeOf(db, caller);
  requireSomeManagement(scope);
  return {
    scope,
    async find(id: number) {
      const found = await requireVisibleResult(db, scope, id);
      if (!managesSite(scope, found.teamId)) throw forbidden();
      return found;
    },
  };
}

/** Takes the answer off the flagged list. */
export async function unflagResult(db: Db, caller: Caller, id: number): Promise<ActionResult> {
  const managed = await requireManagedResult(db, caller);
  const found = await managed.find(id);
  await updateResultRow(db, caller.businessId, id, { isFlagged: false });
  return { ...found, isFlagged: false };
}

/** Which of `keys` are files of answers the caller sees: an export may link to those only. */
export async function visibleAnswerFilesOf(db: Db, caller: Caller, keys: readonly string[]): Promise<Set<string>> {
  return visibleAnswerFiles(db, await viewScopeOf(db, caller), keys);
}
