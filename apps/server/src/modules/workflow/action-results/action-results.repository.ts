// Queries on the members' answers. An answer is read with its action, task, site, member and its
// schedule's score in one query, so a page of answers costs two queries (the page and its count) whatever its size.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActionType } from '@fieldops/shared/enums';
import type { ActionResult, AnswerValue } from '@fieldops/shared/answers';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { teams, users } from '../../../db/schema.ts';
import { actionResults, scheduleScores, schedules } from '../../../db/schema-schedules.ts';
import { actions, actionTags, tasks } from '../../../db/schema-workflow.ts';
import { fileUrl } from '../../../plugins/storage.ts';
import { arrivedAfterDelay } from '../../../lib/answer-delivery.ts';
import { scopeCondition, type ViewScope } from '../../../policies/schedules.ts';
import { settingsOf } from '@fieldops/shared/inspection-score';

/** Who overrode an answer's location. */
const overriders = alias(users, 'overriders');

/** What an answer is read with: its action, task, site, member, its schedule's score and its override. */
const resultColumns = {
  id: actionResults.id,
  scheduleId: actionResults.scheduleId,
  actionId: actionResults.actionId,
  actionNameEn: actions.nameEn,
  actionNameAr: actions.nameAr,
  actionType: actions.type,
  actionOptions: actions.options,
  actionSettings: actions.settings,
  taskId: actionResults.taskId,
  taskNameEn: tasks.nameEn,
  taskNameAr: tasks.nameAr,
  teamId: actionResults.teamId,
  teamName: teams.name,
  userId: actionResults.userId,
  userFullName: users.fullName,
  value: actionResults.value,
  notes: actionResults.notes,
  fileKey: actionResults.fileKey,
  voiceKey: actionResults.voiceKey,
  latitude: actionResults.latitude,
  longitude: actionResults.longitude,
  accuracy: actionResults.accuracy,
  distance: actionResults.distance,
  outside: actionResults.outside,
  locationStatus: actionResults.locationStatus,
  overriddenBy: actionResults.overriddenBy,
  overriderFullName: overriders.fullName,
  overriddenAt: actionResults.overriddenAt,
  overrideReason: actionResults.overrideReason,
  isFlagged: actionResults.isFlagged,
  statusCode: actionResults.statusCode,
  ticketId: actionResults.ticketId,
  createdDate: actionResults.createdDate,
  capturedAt: actionResults.capturedAt,
  late: actionResults.late,
  held: actionResults.held,
  scheduleScore: scheduleScores.percent,
  photoSource: actionResults.photoSource,
  photoTakenAt: actionResults.photoTakenAt,
  photoTimeMismatch: actionResults.photoTimeMismatch,
};

function selectResults(db: Db) {
  return db
    .select(resultColumns)
    .from(actionResults)
    .innerJoin(actions, eq(actions.id, actionResults.actionId))
    .innerJoin(tasks, eq(tasks.id, actionResults.taskId))
    .innerJoin(teams, eq(teams.id, actionResults.teamId))
    .innerJoin(users, eq(users.id, actionResults.userId))
    .leftJoin(scheduleScores, eq(scheduleScores.scheduleId, actionResults.scheduleId))
    .leftJoin(overriders, eq(overriders.id, actionResults.overriddenBy))
    .$dynamic();
}

/** The same, keeping the answers of actions deleted since (their action's fields then null). */
function selectResultsWithRemovedActions(db: Db) {
  return db
    .select(resultColumns)
    .from(actionResults)
    .leftJoin(actions, eq(actions.id, actionResults.actionId))
    .innerJoin(tasks, eq(tasks.id, actionResults.taskId))
    .innerJoin(teams, eq(teams.id, actionResults.teamId))
    .innerJoin(users, eq(users.id, actionResults.userId))
    .leftJoin(scheduleScores, eq(scheduleScores.scheduleId, actionResults.scheduleId))
    .leftJoin(overriders, eq(overriders.id, actionResults.overriddenBy))
    .$dynamic();
}

export type ResultRow = Awaited<ReturnType<typeof selectResults>>[number];

export const toActionResult = (r: ResultRow): ActionResult => ({
  id: r.id,
  scheduleId: r.scheduleId,
  action: {
    id: r.actionId,
    nameEn: r.actionNameEn,
    nameAr: r.actionNameAr,
    type: r.actionType as ActionType,
    options: r.actionOptions,
    settings: settingsOf(r.actionSettings),
  },
  taskId: r.taskId,
  taskNameEn: r.taskNameEn,
  taskNameAr: r.taskNameAr,
  teamId: r.teamId,
  teamName: r.teamName,
  userId: r.userId,
  userFullName: r.userFullName,
  value: r.value ?? null,
  notes: r.notes,
  file: r.fileKey ? fileUrl(r.fileKey) : null,
  voice: r.voiceKey ? fileUrl(r.voiceKey) : null,
  latitude: r.latitude,
  longitude: r.longitude,
  accuracy: r.accuracy,
  distance: r.distance,
  outside: r.outside,
  locationStatus: r.locationStatus,
  override:
    r.overriddenAt !== null && r.overrideReason !== null
      ? { userId: r.overriddenBy, userFullName: r.overriderFullName, at: r.overriddenAt.toISOString(), reason: r.overrideReason }
      : null,
  isFlagged: r.isFlagged,
  statusCode: r.statusCode,
  ticketId: r.ticketId,
  createdDate: r.createdDate.toISOString(),
  capturedAt: r.capturedAt.toISOString(),
  late: r.late,
  held: r.held,
  scheduleScore: r.scheduleScore,
  photoSource: r.photoSource,
  photoTakenAt: r.photoTakenAt?.toISOString() ?? null,
  photoTimeMismatch: r.photoTimeMismatch,
});

export interface ResultPage {
  page: number;
  size: number;
  dir: 'asc' | 'desc';
}

/** One page of answers meeting `where`, newest first by default, and how many there are (by `countAll` when given). */
async function findResults(db: Db, where: SQL | undefined, page: ResultPage, countAll?: () => Promise<number>) {
  const direction = page.dir === 'asc' ? asc : desc;
  const [rows, total] = await Promise.all([
    selectResults(db)
      .where(where)
      .orderBy(direction(actionResults.createdDate), direction(actionResults.id))
      .limit(page.size)
      .offset(page.page * page.size),
    countAll
      ? countAll()
      : db
          .select({ total: count() })
          .from(actionResults)
          .where(where)
          .then(([{ total } = { total: 0 }]) => total),
  ]);
  return { items: rows.map(toActionResult), total };
}

/** Answers the caller's view sees (policies/schedules.ts). */
const visibleResults = (scope: ViewScope) => scopeCondition(scope, actionResults.teamId, actionResults.userId);

/** Answers created on the given calendar days of the business's time zone, both inclusive. */
function createdBetween(timeZone: string, startDate?: string, endDate?: string): SQL | undefined {
  const dayStart = (date: string, days: number) => sql`((${date}::date + ${days}::integer)::timestamp at time zone ${timeZone})`;
  return and(
    startDate ? sql`${actionResults.createdDate} >= ${dayStart(startDate, 0)}` : undefined,
    endDate ? sql`${actionResults.createdDate} < ${dayStart(endDate, 1)}` : undefined,
  );
}

interface Days {
  startDate?: string;
  endDate?: string;
}

/** A member's answers to one action that the view sees, given on the days (the answer history). */
export function findMemberActionResults(db: Db, scope: ViewScope, userId: number, actionId: number, days: Days, page: ResultPage) {
  const where = and(
    eq(actionResults.businessId, scope.businessId),
    eq(actionResults.userId, userId),
    eq(actionResults.actionId, actionId),
    visibleResults(scope),
    createdBetween(scope.timeZone, days.startDate, days.endDate),
  );
  return findResults(db, where, page);
}

/** The answers the view sees that are flagged (or, with `isFlagged` false, not), of a task when given. */
export function findFlaggedResults(db: Db, scope: ViewScope, filter: { isFlagged: boolean; task?: number }, page: ResultPage) {
  const where = and(
    eq(actionResults.businessId, scope.businessId),
    eq(actionResults.isFlagged, filter.isFlagged),
    filter.task ? eq(actionResults.taskId, filter.task) : undefined,
    visibleResults(scope),
  );
  return findResults(db, where, page);
}

export interface LatestFilter extends Days {
  projects?: number[];
  teams?: number[];
  users?: number[];
  task?: number;
  action?: number;
  tag?: number;
  /** Only answers that arrived after a delay (lib/answer-delivery.ts). */
  delayed?: boolean;
}

/** The answers the view sees given on the days, of projects, sites, members, a task, an action or a tag's actions. */
export function latestConditions(scope: ViewScope, filter: LatestFilter): SQL | undefined {
  return and(
    eq(actionResults.businessId, scope.businessId),
    createdBetween(scope.timeZone, filter.startDate, filter.endDate),
    filter.projects
      ? inArray(
          actionResults.teamId,
          sql`(select ${teams.id} from ${teams} where ${teams.businessId} = ${scope.businessId} and ${inArray(teams.projectId, filter.projects)})`,
        )
      : undefined,
    filter.teams ? inArray(actionResults.teamId, filter.teams) : undefined,
    filter.users ? inArray(actionResults.userId, filter.users) : undefined,
    filter.task ? eq(actionResults.taskId, filter.task) : undefined,
    filter.action ? eq(actionResults.actionId, filter.action) : undefined,
    filter.tag ? taggedWith(filter.tag) : undefined,
    filter.delayed ? arrivedAfterDelay : undefined,
    visibleResults(scope),
  );
}

/** The newest answers the view sees given on the days, of projects, sites, members, a task, an action or a tag's actions. */
export function findLatestResults(db: Db, scope: ViewScope, filter: LatestFilter, page: ResultPage, countAll: () => Promise<number>) {
  return findResults(db, latestConditions(scope, filter), page, countAll);
}

/** The answer if the view sees it (any answer of the business without a view), or null. */
export async function findResult(db: Db, businessId: number, id: number, scope?: ViewScope): Promise<ActionResult | null> {
  const [row] = await selectResults(db).where(and(eq(actionResults.businessId, businessId), eq(actionResults.id, id), scope && visibleResults(scope)));
  return row ? toActionResult(row) : null;
}

/** An answer of the business read with its action as given (its schedule's task version), even when the task has lost the action since. */
export async function findResultAsGiven(db: Db, businessId: number, id: number, given: ActionResult['action']): Promise<ActionResult | null> {
  const [row] = await selectResultsWithRemovedActions(db).where(and(eq(actionResults.businessId, businessId), eq(actionResults.id, id)));
  return row ? { ...toActionResult({ ...row, actionType: given.type, actionOptions: given.options }), action: given } : null;
}

/** Every answer of a schedule in the order they came. */
export async function findScheduleResults(db: Db, businessId: number, scheduleId: number): Promise<ActionResult[]> {
  const rows = await selectResults(db)
    .where(and(eq(actionResults.businessId, businessId), eq(actionResults.scheduleId, scheduleId)))
    .orderBy(asc(actionResults.id));
  return rows.map(toActionResult);
}

/**
 * Every answer of a schedule in the order they came, those to actions deleted since included,
 * each with the action as `actionOf` gives it (the schedule's task version), or as it is now.
 */
export async function findScheduleResultsAsGiven(
  db: Db,
  businessId: number,
  scheduleId: number,
  actionOf: (actionId: number) => ActionResult['action'] | undefined,
): Promise<ActionResult[]> {
  const rows = await selectResultsWithRemovedActions(db)
    .where(and(eq(actionResults.businessId, businessId), eq(actionResults.scheduleId, scheduleId)))
    .orderBy(asc(actionResults.id));
  return rows.flatMap((r) => {
    const given = actionOf(r.actionId);
    const { actionType, actionOptions } = r;
    if (given) return [{ ...toActionResult({ ...r, actionType: given.type, actionOptions: given.options }), action: given }];
    return actionType === null || actionOptions === null ? [] : [toActionResult({ ...r, actionType, actionOptions })];
  });
}

/**
 * The latest answer to each action of each schedule, through the (schedule_id, action_id, id)
 * index, with when it was captured and whether it arrived late. `countedOnly` leaves out answers given outside the geofence
 * and held ones.
 */
export async function latestAnswers(db: Db, businessId: number, scheduleIds: readonly number[], countedOnly: boolean) {
  if (scheduleIds.length === 0) return [];
  return db
    .selectDistinctOn([actionResults.scheduleId, actionResults.actionId], {
      scheduleId: actionResults.scheduleId,
      actionId: actionResults.actionId,
      value: actionResults.value,
      capturedAt: actionResults.capturedAt,
      late: actionResults.late,
    })
    .from(actionResults)
    .where(
      and(
        eq(actionResults.businessId, businessId),
        inArray(actionResults.scheduleId, [...scheduleIds]),
        countedOnly ? and(eq(actionResults.outside, false), isNull(actionResults.held)) : undefined,
      ),
    )
    .orderBy(asc(actionResults.scheduleId), asc(actionResults.actionId), desc(actionResults.id));
}

export type NewResult = Omit<typeof actionResults.$inferInsert, 'id' | 'createdDate' | 'value' | 'late'> & { value: AnswerValue };

/** Stores an answer; it is late when it arrives (created_date, the same now()) at or after its schedule's deadline. */
export async function insertResult(db: Db, values: NewResult) {
  const late = sql<boolean>`(now() >= (select ${schedules.deadline} from ${schedules} where ${schedules.id} = ${values.scheduleId}))`;
  const [row] = await db
    .insert(actionResults)
    .values({ ...values, late })
    .returning({ id: actionResults.id });
  return must(row, 'an insert returns its row').id;
}

/** The bare row of an answer, locked for the transaction when `lock` is set. */
export async function findResultRow(db: Db, businessId: number, id: number, lock = false) {
  const query = db
    .select({ id: actionResults.id, ticketId: actionResults.ticketId, statusCode: actionResults.statusCode })
    .from(actionResults)
    .where(and(eq(actionResults.businessId, businessId), eq(actionResults.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateResultRow(
  db: Db,
  businessId: number,
  id: number,
  values: Partial<Pick<typeof actionResults.$inferInsert, 'isFlagged' | 'statusCode' | 'ticketId'>>,
) {
  await db
    .update(actionResults)
    .set(values)
    .where(and(eq(actionResults.businessId, businessId), eq(actionResults.id, id)));
}

/**
 * Marks an answer not counted for its location as counting, with who ruled so, when and why. Only
 * while it is still not counted: false when it was overridden meanwhile, or was never outside.
 */
export async function overrideResultRow(db: Db, businessId: number, id: number, by: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(actionResults)
    .set({ outside: false, overriddenBy: by, overriddenAt: new Date(), overrideReason: reason })
    .where(and(eq(actionResults.businessId, businessId), eq(actionResults.id, id), eq(actionResults.outside, true)))
    .returning({ id: actionResults.id });
  return rows.length > 0;
}

/** Answers to actions carrying a tag: checked through the (action_id, tag_id) key. */
const taggedWith = (tagId: number) =>
  sql`exists (select 1 from ${actionTags} where ${actionTags.actionId} = ${actionResults.actionId} and ${actionTags.tagId} = ${tagId})`;

/** The business's answers of `ids`, in no particular order; those deleted meanwhile are missing. */
export async function findResultsByIds(db: Db, businessId: number, ids: readonly number[]): Promise<ActionResult[]> {
  if (ids.length === 0) return [];
  const rows = await selectResults(db).where(and(eq(actionResults.businessId, businessId), inArray(actionResults.id, [...ids])));
  return rows.map(toActionResult);
}

/**
 * Which of `keys` are the photo or voice note of an answer the scope sees (held answers, kept
 * from a paused plan and never listed, are not among them).
 */
export async function visibleAnswerFiles(db: Db, scope: ViewScope, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ file: actionResults.fileKey, voice: actionResults.voiceKey })
    .from(actionResults)
    .where(
      and(
        eq(actionResults.businessId, scope.businessId),
        sql`(${actionResults.fileKey} = ANY(${sql.param([...keys])}::text[]) OR ${actionResults.voiceKey} = ANY(${sql.param([...keys])}::text[]))`,
        visibleResults(scope),
      ),
    );
  const wanted = new Set(keys);
  return new Set(rows.flatMap((row) => [row.file, row.voice]).filter((key): key is string => key !== null && wanted.has(key)));
}
