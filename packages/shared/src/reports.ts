// Reports, KPIs and the live feed (spec §2 Dashboard, §7 "Reports"; DESIGN §8).
//
// Every date here is a calendar date in the business's time zone, both ends inclusive, as the
// schedule lists take them. Schedule KPIs count schedules whose start falls in the range;
// answer KPIs count answers given in the range. Answers from outside a site's geofence are
// kept but never counted.
import { z } from 'zod';
import { ACTION_TYPES } from './enums.ts';
import { id, idList, pageQuery, queryFlag } from './common.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';
import { latestResultsQuery } from './answers.ts';
import { isoDate } from './plans.ts';
import { RANKING_REASONS } from './ranking.ts';
import { EXPORT_LINK_MAX_DAYS, EXPORT_LINK_MAX_FILES } from './limits.ts';
import { DASHBOARD_LOADED, DASHBOARD_RANKED, DEFAULT_KPI_SIZE, DEFAULT_PERFORMANCE_DAYS, KPI_ORDERS, MAX_KPI_SIZE, MAX_REPORT_DAYS } from './report-limits.ts';

export * from './report-limits.ts';

/** The filters every report takes. Without dates, the last 30 days up to today. */
export const reportFilterQuery = z.object({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  projects: idList,
  teams: idList,
  users: idList,
  /** One task (the task page's Performance tab). */
  task: id.optional(),
});
export type ReportFilterQuery = z.input<typeof reportFilterQuery>;

/** `GET /v1/report/{kind}/kpi`. */
export const kpiQuery = reportFilterQuery.extend({
  /** true: best first (the default); false: worst first. Ignored with `order=load`. */
  best: queryFlag.default(true),
  order: z.enum(KPI_ORDERS).default('rate'),
  page: pageQuery.shape.page,
  size: z.coerce.number().int().min(1, minMessage(1)).max(MAX_KPI_SIZE, maxMessage(MAX_KPI_SIZE)).default(DEFAULT_KPI_SIZE),
});
export type KpiQuery = z.input<typeof kpiQuery>;

/**
 * Counts of schedules by status, and done / total as a percentage rounded to one decimal. `late`:
 * finished after the deadline, within the plan's grace window; counted apart, not as done.
 */
export const statusCounts = z.object({
  done: z.number(),
  late: z.number(),
  missed: z.number(),
  pending: z.number(),
  inProgress: z.number(),
  total: z.number(),
  completionRate: z.number(),
});
export type StatusCounts = z.infer<typeof statusCounts>;

/**
 * The kept scores (DESIGN §13) of the same schedules: how many have a percentage, their average
 * (0–100, one decimal), and of those judged on a pass mark how many passed and failed, with the
 * passed share as a percentage (one decimal). The average is null when nothing was scored, the
 * pass rate when nothing was judged.
 */
export const scoreCounts = z.object({
  scored: z.number(),
  averageScore: z.number().nullable(),
  passed: z.number(),
  failed: z.number(),
  passRate: z.number().nullable(),
});
export type ScoreCounts = z.infer<typeof scoreCounts>;

/** Schedules by status with their scores. */
export const scheduleCounts = statusCounts.extend(scoreCounts.shape);
export type ScheduleCounts = z.infer<typeof scheduleCounts>;

/**
 * Why a ranked row stands where it does (ranking.ts): its load-aware `score` (a percentage, one
 * decimal), the `average` completion rate of everything the list ranks (same filters, range and
 * view) it was pulled towards, the `weight` (schedules at that average it counts besides its own),
 * and which of the explanation's sentences fits.
 */
export const kpiRanking = z.object({
  score: z.number(),
  average: z.number(),
  weight: z.number(),
  reason: z.enum(RANKING_REASONS),
});
export type KpiRanking = z.infer<typeof kpiRanking>;

/**
 * One ranked entity. Members, sites and projects have a `name`; tasks and plans the task's
 * `nameEn`/`nameAr`. `context` is a second line: a site's project, a plan's site.
 * `rank` is the position in the best-first order among every entity of the kind with a
 * schedule in the range (1 = best): the load-aware score descending, then volume descending,
 * then id. `ranking` explains it (null with no rank).
 */
export const kpiItem = scheduleCounts.extend({
  id: z.number(),
  name: z.string().nullable(),
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  context: z.string().nullable(),
  rank: z.number().nullable(),
  ranking: kpiRanking.nullable(),
});
export type KpiItem = z.infer<typeof kpiItem>;

/** `GET /v1/report/{kind}/kpi/{id}`: one entity's standing, with how many are ranked. */
export const kpiStanding = z.object({ item: kpiItem, ranked: z.number() });

/** Every site with a schedule in the range, with its completion rate (%) and schedule count: what a map colours sites by. */
export const siteCompletions = z.object({
  items: z.array(z.object({ id: z.number(), completionRate: z.number(), total: z.number() })),
});
export type SiteCompletions = z.infer<typeof siteCompletions>;
export type KpiStanding = z.infer<typeof kpiStanding>;

/** `GET /v1/report/business/{businessId}/stats`: one of projectId, teamId or userId narrows it. */
export const statsQuery = z.object({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  projectId: id.optional(),
  teamId: id.optional(),
  userId: id.optional(),
});
export type StatsQuery = z.input<typeof statsQuery>;

export const businessStats = z.object({
  projects: z.number(),
  teams: z.number(),
  members: z.number(),
  /** Schedules open right now: started, before the deadline, not done. */
  activeSchedules: z.number(),
  /** Schedules whose start is in the range, by status, and their scores. */
  schedules: scheduleCounts,
  /** Counted answers given in the range, and how many of them are flagged. */
  answers: z.number(),
  flagged: z.number(),
  /** Of the counted answers, those the device delivered after their schedule's deadline. */
  lateAnswers: z.number(),
});
export type BusinessStats = z.infer<typeof businessStats>;

/** `GET /v1/report/actions/kpi` and `/v1/report/actions/kpi/tag/{id}`: most answered actions first. */
export const actionsKpiQuery = reportFilterQuery.extend({
  page: pageQuery.shape.page,
  size: z.coerce.number().int().min(1, minMessage(1)).max(MAX_KPI_SIZE, maxMessage(MAX_KPI_SIZE)).default(DEFAULT_KPI_SIZE),
});
export type ActionsKpiQuery = z.input<typeof actionsKpiQuery>;

export const actionKpi = z.object({
  id: z.number(),
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
  type: z.enum(ACTION_TYPES),
  taskId: z.number(),
  taskNameEn: z.string().nullable(),
  taskNameAr: z.string().nullable(),
  /** Counted answers (inside the geofence). */
  answers: z.number(),
  flagged: z.number(),
  /** Answers kept but not counted: given outside the geofence. */
  outside: z.number(),
  /** Of the counted answers, those the device delivered after their schedule's deadline. */
  late: z.number(),
});
export type ActionKpi = z.infer<typeof actionKpi>;

/** `GET /v1/report/tags/kpi`: tags ranked by answered actions (DESIGN §8). */
export const tagKpi = z.object({
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  /** Actions carrying the tag. */
  actions: z.number(),
  /** Counted answers to those actions in the range. */
  answers: z.number(),
});
export type TagKpi = z.infer<typeof tagKpi>;

/**
 * `GET /v1/report/business/{businessId}/dashboard` (statsQuery): the dashboard's cards in one
 * answer. Each part is what its own call answers under the same filter: the stats; the best
 * DEFAULT_KPI_SIZE of each ranked kind (best=true, order=rate); the DASHBOARD_LOAD_SIZE busiest of
 * each loaded kind (order=load); the DASHBOARD_TAGS_SIZE top tags.
 */

const reportPage = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
const byKind = <K extends string>(kinds: readonly K[]) =>
  z.object(Object.fromEntries(kinds.map((kind) => [kind, reportPage(kpiItem)])) as Record<K, ReturnType<typeof reportPage<typeof kpiItem>>>);

export const dashboardReport = z.object({
  stats: businessStats,
  best: byKind(DASHBOARD_RANKED),
  load: byKind(DASHBOARD_LOADED),
  tags: reportPage(tagKpi),
});
export type DashboardReport = z.infer<typeof dashboardReport>;

/** `GET /v1/report/performance?users&teams&projects&task&startDate&endDate&size`. */
export const performanceQuery = reportFilterQuery.extend({
  /** Days up to endDate (default today) when no startDate is given. */
  size: z.coerce.number().int().min(1, minMessage(1)).max(MAX_REPORT_DAYS, maxMessage(MAX_REPORT_DAYS)).default(DEFAULT_PERFORMANCE_DAYS),
});
export type PerformanceQuery = z.input<typeof performanceQuery>;

/** One day of the completion-over-time series, with the day's scores; every day of the range is present. */
export const performancePoint = scheduleCounts.extend({ date: z.string() });
export type PerformancePoint = z.infer<typeof performancePoint>;

/**
 * `GET /v1/report/latest/result` with the submissions filters of `/reports`: answers given
 * in the date range, by project, site, member, task, tag or action, newest first.
 */
export const submissionsQuery = latestResultsQuery.extend({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  projects: idList,
  teams: idList,
  users: idList,
  /** Only answers that arrived after a delay: arrived DELAYED_DELIVERY_MINUTES or more after they were taken. */
  delayed: queryFlag.optional(),
});
export type SubmissionsQuery = z.input<typeof submissionsQuery>;

/**
 * `GET /v1/report/live`: server-sent events of the caller's business. Each new answer the
 * caller may see arrives as `event: answer` with an `ActionResult` as data; a comment line
 * every 25 seconds keeps the connection open. Authenticated like every call (bearer token
 * and api key headers), so clients read it with fetch rather than EventSource.
 */
export const LIVE_FEED_HEARTBEAT_MS = 25_000;

/** A stored file's key, as its address names it (/api/files/{key}). */
export const storedFileKey = z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/, MSG.invalid);

/**
 * POST /v1/report/export-links: the files an export is about to name (their keys), and how many
 * days its links work (the default when left out). Each must be the photo or voice note of an
 * answer the caller sees.
 */
export const exportLinkRequest = z.object({
  files: z.array(storedFileKey).min(1, minMessage(1)).max(EXPORT_LINK_MAX_FILES, maxMessage(EXPORT_LINK_MAX_FILES)),
  days: z.number().int().min(1, minMessage(1)).max(EXPORT_LINK_MAX_DAYS, maxMessage(EXPORT_LINK_MAX_DAYS)).optional(),
});
export type ExportLinkRequest = z.infer<typeof exportLinkRequest>;

/** The export's links: one address per file, which works until `expiresAt` or until revoked. */
export const exportLinkCreated = z.object({
  id,
  expiresAt: z.string(),
  files: z.array(z.object({ key: z.string(), url: z.string() })),
});
export type ExportLinkCreated = z.infer<typeof exportLinkCreated>;

/** An export's links as listed for revoking them: when, by whom, until when, how many files. */
export const exportLink = z.object({
  id,
  createdDate: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  files: z.number(),
  creator: z.object({ id, fullName: z.string() }).nullable(),
});
export type ExportLink = z.infer<typeof exportLink>;
