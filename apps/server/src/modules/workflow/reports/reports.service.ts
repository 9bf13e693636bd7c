// Reports (spec §2 Dashboard, §7; DESIGN §8): the business stats, the best / worst / load lists
// and one entity's standing, answer and tag KPIs, and the completion series, each count of
// schedules with the average of their scores beside it. Every number is taken over what the caller sees: owners and admins the business, a supervisor the sites they
// supervise and their own schedules, a member their own.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import {
  DASHBOARD_LOAD_SIZE,
  DASHBOARD_LOADED,
  DASHBOARD_RANKED,
  DASHBOARD_TAGS_SIZE,
  DEFAULT_KPI_SIZE,
  type ActionKpi,
  type actionsKpiQuery,
  type BusinessStats,
  type DashboardReport,
  type KpiItem,
  type KpiKind,
  type kpiQuery,
  type KpiStanding,
  type PerformancePoint,
  type performanceQuery,
  type reportFilterQuery,
  type statsQuery,
  type submissionsQuery,
  type TagKpi,
} from '@fieldops/shared/reports';
import type { ActionType } from '@fieldops/shared/enums';
import type { Db } from '../../../db/client.ts';
import { fieldError, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { viewScopeOf, type ViewScope } from '../../../policies/schedules.ts';
import { findEntityNames, findRankedId, type EntityNames } from './kpi-entities.repository.ts';
import {
  completionOverLastMonth as completionRows,
  scoresOverLastMonth as scoreRows,
  findCompletions,
  findRanked,
  findStanding,
  kpiSources,
  ranksOverLastMonth as rankRows,
  type RankedEntity,
} from './kpi.repository.ts';
import { ANY_TIME, scheduleConditions, toScoreCounts, toStatusCounts, type ReportFilter, type ReportScope } from './report-filter.ts';
import { addDays, daysIn, resolveRange } from './report-range.ts';
import { answerSource, dailyScheduleSource, dailyScoreSource, heldAnswerCount, scheduleSource, scoreSource } from './report-source.ts';
import {
  countAnswerRows,
  countAnswers,
  countByDay,
  countByStatus,
  countOpen,
  countOrganisation,
  countScores,
  countScoresByDay,
  findActionKpis,
  findTag,
  findTagKpis,
  type OrgFilter,
} from './reports.repository.ts';

type FilterQuery = z.output<typeof reportFilterQuery>;
type Page<T> = { items: T[]; total: number };

/**
 * The caller's view, read once per caller: a caller is made for each request, so the dashboard's
 * one answer (nine reports) reads a supervisor's sites once, not nine times.
 */
const viewOfCaller = new WeakMap<Caller, ReturnType<typeof viewScopeOf>>();

async function reportScopeOf(db: Db, caller: Caller) {
  let pending = viewOfCaller.get(caller);
  if (!pending) {
    pending = viewScopeOf(db, caller);
    viewOfCaller.set(caller, pending);
  }
  const view = await pending;
  const scope: ReportScope = { businessId: view.businessId, view: view.all ? null : view };
  return { scope, timeZone: view.timeZone };
}

const filterOf = (query: FilterQuery): ReportFilter => ({ projects: query.projects, teams: query.teams, users: query.users, task: query.task });

function toItem(
  entity: RankedEntity | { id: number; rank: number | null; counts: RankedEntity['counts']; ranking: RankedEntity['ranking'] | null },
  names: EntityNames | undefined,
): KpiItem {
  return {
    ...entity.counts,
    id: entity.id,
    name: names?.name ?? null,
    nameEn: names?.nameEn ?? null,
    nameAr: names?.nameAr ?? null,
    context: names?.context ?? null,
    rank: entity.rank,
    ranking: entity.ranking,
  };
}

/** A best, worst or load list of one kind of entity. */
export async function kpiList(db: Db, caller: Caller, kind: KpiKind, query: z.output<typeof kpiQuery>): Promise<Page<KpiItem>> {
  const { scope, timeZone } = await reportScopeOf(db, caller);
  const range = resolveRange(query, timeZone);
  const order = query.order === 'load' ? 'load' : query.best ? 'rate' : 'worst';
  const { items, total } = await findRanked(db, kind, scope.businessId, kpiSources(scope, filterOf(query), range, kind), order, query);
  return { items: items.map((e) => toItem(e, e.names)), total };
}

/** Every site with a schedule over the filters, with its completion rate, all at once (for a map). */
export async function siteCompletions(db: Db, caller: Caller, query: FilterQuery) {
  const { scope, timeZone } = await reportScopeOf(db, caller);
  const range = resolveRange(query, timeZone);
  return { items: await findCompletions(db, 'teams', kpiSources(scope, filterOf(query), range, 'teams')) };
}

/** One entity's counts and rank over the filters; an id the business does not have answers 404. */
export async function kpiStanding(db: Db, caller: Caller, kind: KpiKind, id: number, query: FilterQuery): Promise<KpiStanding> {
  const { scope, timeZone } = await reportScopeOf(db, caller);
  const range = resolveRange(query, timeZone);
  const rankedId = await findRankedId(db, scope.businessId, kind, id);
  if (rankedId === null) throw notFound();
  const sources = kpiSources(scope, filterOf(query), range, kind);
  const [standing, names] = await Promise.all([findStanding(db, kind, sources, rankedId), findEntityNames(db, scope.businessId, kind, [rankedId])]);
  return {
    item: toItem({ id: rankedId, rank: standing.rank, counts: standing.counts, ranking: standing.ranking }, names.get(rankedId)),
    ranked: standing.ranked,
  };
}

/** The one of projectId, teamId and userId that narrows the stats, checked to be of the business. */
async function orgFilterOf(db: Db, businessId: number, query: z.output<typeof statsQuery>): Promise<OrgFilter> {
  const given = (['projectId', 'teamId', 'userId'] as const).filter((k) => query[k] !== undefined);
  const [, second] = given;
  if (second) throw fieldError(second, MSG.invalid);
  // The entities a KPI standing looks up are the ones the stats narrow to.
  if (query.projectId !== undefined) {
    const id = await findRankedId(db, businessId, 'projects', query.projectId);
    if (id === null) throw notFound(MSG.projectNotFound);
    return { projectId: id };
  }
  if (query.teamId !== undefined) {
    const id = await findRankedId(db, businessId, 'teams', query.teamId);
    if (id === null) throw notFound(MSG.siteNotFound);
    return { teamId: id };
  }
  if (query.userId !== undefined) {
    const id = await findRankedId(db, businessId, 'members', query.userId);
    if (id === null) throw notFound(MSG.userNotFound);
    return { userId: id };
  }
  return null;
}

export async function businessStats(db: Db, caller: Caller, businessId: number, query: z.output<typeof statsQuery>): Promise<BusinessStats> {
  if (businessId !== caller.businessId) throw notFound(MSG.businessNotFound);
  const { scope, timeZone } = await reportScopeOf(db, caller);
  const range = resolveRange(query, timeZone);
  const org = await orgFilterOf(db, businessId, query);
  const filter: ReportFilter =
    org === null ? {} : 'projectId' in org ? { projects: [org.projectId] } : 'teamId' in org ? { teams: [org.teamId] } : { users: [org.userId] };
  const [organisation, counts, scores, activeSchedules, answers] = await Promise.all([
    countOrganisation(db, businessId, org),
    countByStatus(db, scheduleSource(scope, filter, range)),
    countScores(db, scoreSource(scope, filter, range)),
    countOpen(db, scheduleConditions(scope, filter, ANY_TIME), new Date()),
    countAnswers(db, answerSource(scope, filter, range)),
  ]);
  return { ...organisation, activeSchedules, schedules: { ...counts, ...scores }, ...answers };
}

/**
 * The dashboard's cards in one answer: the stats, and the rankings, loads and top tags the
 * dashboard asks for, each exactly as its own call answers under the same range and scope.
 */
export async function dashboardReport(db: Db, caller: Caller, businessId: number, query: z.output<typeof statsQuery>): Promise<DashboardReport> {
  // The stats check the business and the scope's entity (404 for another business's).
  const stats = await businessStats(db, caller, businessId, query);
  const { startDate, endDate, projectId, teamId, userId } = query;
  const filter: FilterQuery = {
    startDate,
    endDate,
    projects: projectId === undefined ? undefined : [projectId],
    teams: teamId === undefined ? undefined : [teamId],
    users: userId === undefined ? undefined : [userId],
    task: undefined,
  };
  const ranked = (kind: KpiKind, order: 'rate' | 'load', size: number) => kpiList(db, caller, kind, { ...filter, best: true, order, page: 0, size });
  const [best, load, tags] = await Promise.all([
    Promise.all(DASHBOARD_RANKED.map(async (kind) => [kind, await ranked(kind, 'rate', DEFAULT_KPI_SIZE)] as const)),
    Promise.all(DASHBOARD_LOADED.map(async (kind) => [kind, await ranked(kind, 'load', DASHBOARD_LOAD_SIZE)] as const)),
    tagsKpi(db, caller, { ...filter, page: 0, size: DASHBOARD_TAGS_SIZE }),
  ]);
  return {
    stats,
    best: Object.fromEntries(best) as DashboardReport['best'],
    load: Object.fromEntries(load) as DashboardReport['load'],
    tags,
  };
}

/** Actions by counted answers in the range, optionally only those carrying a tag of the business. */
export async function actionsKpi(db: Db, caller: Caller, query: z.output<typeof actionsKpiQuery>, tagId?: number): Promise<Page<ActionKpi>> {
  const { scope, timeZone } = await reportScopeOf(db, caller);
  const range = resolveRange(query, timeZone);
  if (tagId !== undefined && (await findTag(db, scope.businessId, tagId)) === null) throw notFound(MSG.tagNotFound);
  const { rows, total } = await findActionKpis(db, answerSource(scope, filterOf(query), range, { tagId }), query);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      nameEn: r.name_en,
      nameAr: r.name_ar,
      type: r.type as ActionType,
      taskId: Number(r.task_id),
      taskNameEn: r.task_name_en,
      taskNameAr: r.task_name_ar,
      answers: Number(r.answers),
      flagged: Number(r.flagged),
      outside: Number(r.outside),
      late: Number(r.late),
    })),
    total,
  };
}

/** Every tag of the business with its actions and their counted answers in the range. */
export async function tagsKpi(db: Db, caller: Caller, query: z.output<typeof actionsKpiQuery>): Promise<Page<TagKpi>> {
  const { scope, timeZone } = await reportScopeOf(db, caller);
  const range = resolveRange(query, timeZone);
  return findTagKpis(db, scope.businessId, answerSource(scope, filterOf(query), range), query);
}

/** Schedules by status and their scores for every day of the range, days without schedules included. */
export async function performance(db: Db, caller: Caller, query: z.output<typeof performanceQuery>): Promise<PerformancePoint[]> {
  const { scope, timeZone } = await reportScopeOf(db, caller);
  const range = resolveRange(query, timeZone, new Date(), query.size);
  const filter = filterOf(query);
  const [byDay, scoresByDay] = await Promise.all([
    countByDay(db, dailyScheduleSource(scope, filter, range)),
    countScoresByDay(db, dailyScoreSource(scope, filter, range)),
  ]);
  // A day without schedules counts zeros, as a day with none in the sums would.
  const empty = toStatusCounts(undefined);
  const unscored = toScoreCounts(undefined);
  return Array.from({ length: daysIn(range.startDate, range.endDate) }, (_, i) => {
    const date = addDays(range.startDate, i);
    return { date, ...(byDay.get(date) ?? empty), ...(scoresByDay.get(date) ?? unscored) };
  });
}

/** Dates far enough out to stand for an open end of a range. */
const OPEN_START = '1900-01-01';
const OPEN_END = '2999-12-31';

/**
 * How many answers the latest results list for these filters, in the caller's view: summed from
 * the daily and monthly rollups where they hold every filter, so a page of a few million answers
 * is not counted row by row; counted from the answers of a member, or of a supervisor's view.
 */
export async function countLatestResults(db: Db, view: ViewScope, query: z.output<typeof submissionsQuery>): Promise<number> {
  const scope: ReportScope = { businessId: view.businessId, view: view.all ? null : view };
  const range = { startDate: query.startDate ?? OPEN_START, endDate: query.endDate ?? OPEN_END, timeZone: view.timeZone };
  const filter: ReportFilter = { projects: query.projects, teams: query.teams, users: query.users, task: query.task };
  const only = { actionId: query.action, tagId: query.tag, delayed: query.delayed };
  // The held answers the list also shows are in no rollup: counted beside them.
  return countAnswerRows(db, answerSource(scope, filter, range, only), heldAnswerCount(scope, filter, range, only));
}

/**
 * The best-first rank of each of `ids` over the last 30 days across the whole business, for the
 * member, site and project lists; ids with no schedule in that time have none.
 */
export function ranksOverLastMonth(db: Db, businessId: number, kind: 'members' | 'projects' | 'teams', ids: readonly number[]) {
  return rankRows(db, businessId, kind, ids);
}

/**
 * Sites or projects, each with its best-first rank over the last 30 days (null without schedules
 * in that time) and the average score of its finished inspections then (null with none scored).
 */
export async function withRanksOverLastMonth<T extends { id: number }>(db: Db, businessId: number, kind: 'projects' | 'teams', items: T[]) {
  const ids = items.map((item) => item.id);
  const [ranks, scores] = await Promise.all([rankRows(db, businessId, kind, ids), scoreRows(db, businessId, kind, ids)]);
  return items.map((item) => ({ ...item, rank: ranks.get(item.id) ?? null, averageScore: scores.get(item.id) ?? null }));
}

/** The average score of the finished inspections of each of the tasks `taskIds` over the last 30 days; null with none scored. */
export function scoresOverLastMonth(db: Db, businessId: number, taskIds: readonly number[]) {
  return scoreRows(db, businessId, 'tasks', taskIds);
}

/** The completion rate of each of the tasks `taskIds` over the last 30 days; tasks with no schedule then have none. */
export function completionOverLastMonth(db: Db, businessId: number, taskIds: readonly number[]) {
  return completionRows(db, businessId, taskIds);
}
