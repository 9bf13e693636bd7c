// Reading and unflagging answers. Owners and admins read every answer of the business, a
// supervisor those of their sites and their own, a member their own (policies/schedules.ts); an
// answer out of sight answers 404. Unflagging is for owners, admins and the site's supervisors.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { submissionsQuery } from '@fieldops/shared/reports';
import type { ActionResult, actionResultsQuery, flaggedQuery } from '@fieldops/shared/schedules';
import type { Db } from '../../db/client.ts';
import { businessMembers, teams } from '../../db/schema.ts';
import { actionResults } from '../../db/schema-schedules.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../policies/caller.ts';
import {
  managesSite, requireSomeManagement, scopeCondition, viewScopeOf, type ViewScope,
} from '../../policies/schedules.ts';
import { actionRowOf } from '../actions/actions.service.ts';
import { countLatestResults } from '../reports/reports.service.ts';
import {
  answersSince, findResult, findResults, findScheduleResults, insertResult, latestAnswers, taggedWith, updateResultRow, type NewResult,
} from './action-results.repository.ts';

export const visibleResults = (scope: ViewScope) => scopeCondition(scope, actionResults.teamId, actionResults.userId);

const pageOf = (query: { page: number; size: number; sort?: string }) => ({
  page: query.page,
  size: query.size,
  dir: query.sort?.endsWith(',asc') ? ('asc' as const) : ('desc' as const),
});

/** Answers created on the given calendar days of the business's time zone, both inclusive. */
function createdBetween(timeZone: string, startDate?: string, endDate?: string): SQL | undefined {
  const dayStart = (date: string, days: number) => sql`((${date}::date + ${days}::integer)::timestamp at time zone ${timeZone})`;
  return and(
    startDate ? sql`${actionResults.createdDate} >= ${dayStart(startDate, 0)}` : undefined,
    endDate ? sql`${actionResults.createdDate} < ${dayStart(endDate, 1)}` : undefined,
  );
}

/** An answer of the business whoever looks, or null: for the one who just gave it and the live feed. */
export const findAnswer = (db: Db, businessId: number, id: number) => findResult(db, businessId, id, undefined);

/** Stores an answer; call inside the transaction that moves its schedule. */
export const insertAnswer = (tx: Db, values: NewResult) => insertResult(tx, values);

/** Every answer of a schedule in the order they came. */
export const scheduleAnswers = (db: Db, businessId: number, scheduleId: number) => findScheduleResults(db, businessId, scheduleId);

/** The latest answer to each action of each schedule; `countedOnly` leaves out answers given outside the geofence. */
export const latestAnswersOf = (db: Db, businessId: number, scheduleIds: readonly number[], countedOnly: boolean) =>
  latestAnswers(db, businessId, scheduleIds, countedOnly);

/** A business's answers stored since an answer or a moment, for a live viewer who reconnects (modules/live-feed). */
export const answersStoredSince = (
  db: Db,
  businessId: number,
  anchor: { afterId: number } | { since: Date },
  marginSeconds: number,
  limit: number,
) => answersSince(db, businessId, anchor, marginSeconds, limit);

/** The answer as the caller sees it, or 404 'Answer not found'. */
export async function requireVisibleResult(db: Db, scope: ViewScope, id: number): Promise<ActionResult> {
  const found = await findResult(db, scope.businessId, id, visibleResults(scope));
  if (!found) throw notFound(MSG.answerNotFound);
  return found;
}

export async function getResult(db: Db, caller: Caller, id: number) {
  return requireVisibleResult(db, await viewScopeOf(db, caller), id);
}

/** A member's answers to one action, the answer history. Both ids must be the business's. */
export async function memberActionResults(db: Db, caller: Caller, userId: number, actionId: number, query: z.output<typeof actionResultsQuery>) {
  const scope = await viewScopeOf(db, caller);
  const [member] = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, scope.businessId), eq(businessMembers.userId, userId)));
  // A member reads only their own history; anyone else's is as if it did not exist.
  const canRead = scope.all || scope.supervised.length > 0 || userId === caller.userId;
  if (!member || !canRead) throw notFound(MSG.userNotFound);
  if (!(await actionRowOf(db, scope.businessId, actionId))) throw notFound(MSG.actionNotFound);
  const where = and(
    eq(actionResults.businessId, scope.businessId),
    eq(actionResults.userId, userId),
    eq(actionResults.actionId, actionId),
    visibleResults(scope),
    createdBetween(scope.timeZone, query.startDate, query.endDate),
  );
  return findResults(db, where, pageOf(query));
}

/** 'Answers needing attention': flagged answers (or, with isFlagged=false, the others). */
export async function flaggedResults(db: Db, caller: Caller, query: z.output<typeof flaggedQuery>) {
  const scope = await viewScopeOf(db, caller);
  const where = and(
    eq(actionResults.businessId, scope.businessId),
    eq(actionResults.isFlagged, query.isFlagged),
    query.task ? eq(actionResults.taskId, query.task) : undefined,
    visibleResults(scope),
  );
  return findResults(db, where, pageOf(query));
}

/**
 * 'Recent submitted actions' and the submissions of the reports: the newest answers given in a
 * date range, of projects, sites, members, a task, an action or a tag's actions.
 */
export async function latestResults(db: Db, caller: Caller, query: z.output<typeof submissionsQuery>) {
  const scope = await viewScopeOf(db, caller);
  const where = and(
    eq(actionResults.businessId, scope.businessId),
    createdBetween(scope.timeZone, query.startDate, query.endDate),
    query.projects
      ? inArray(
          actionResults.teamId,
          sql`(select ${teams.id} from ${teams} where ${teams.businessId} = ${scope.businessId} and ${inArray(teams.projectId, query.projects)})`,
        )
      : undefined,
    query.teams ? inArray(actionResults.teamId, query.teams) : undefined,
    query.users ? inArray(actionResults.userId, query.users) : undefined,
    query.task ? eq(actionResults.taskId, query.task) : undefined,
    query.action ? eq(actionResults.actionId, query.action) : undefined,
    query.tag ? taggedWith(query.tag) : undefined,
    visibleResults(scope),
  );
  return findResults(db, where, pageOf(query), () => countLatestResults(db, scope, query));
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
