// Scheduling tables: execution plans, the schedules the engine materialises from them, and the
// members' answers (DESIGN §6 and §7, workflow base).
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnswerHold, DeadlineUnit, LocationStatus, ScheduleStatus, ScheduleType } from '@fieldops/shared/enums';
import type { AnswerValue } from '@fieldops/shared/answers';
import type { PhotoSource } from '@fieldops/shared/evidence';
import type { CoverStatus } from '@fieldops/shared/pool';
import { createdAt, id, ref } from './columns.ts';
import { businesses, teams, users } from './schema.ts';
import { tickets } from './schema-helpdesk.ts';
import { actions, tasks } from './schema-workflow.ts';

/**
 * A plan schedules a task to members of a site. A GROUP plan is a parent row (user_id null)
 * with one child row per member (parent_id = the group); the engine reads only rows with a
 * user. A member's plan carried to another site by a transfer leaves its group
 * (parent_id null, user_id kept).
 */
export const executionPlans = pgTable(
  'execution_plans',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    taskId: ref('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    teamId: ref('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    parentId: ref('parent_id').references((): AnyPgColumn => executionPlans.id, { onDelete: 'cascade' }),
    scheduleType: text('schedule_type').$type<ScheduleType>().notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    /** "HH:mm" in the business's time zone; "24:00" is midnight at the end of the day. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    deadlineAfter: integer('deadline_after').notNull(),
    deadlineUnit: text('deadline_unit').$type<DeadlineUnit>().notNull(),
    /**
     * Minutes after the deadline during which answers may still finish a schedule, which is then
     * late (drizzle/0031); 0: none.
     */
    graceMinutes: integer('grace_minutes').notNull().default(0),
    duration: integer('duration'),
    /** Weekdays 0 (Sunday) .. 6 and months 1 .. 12. */
    days: integer('days')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    months: integer('months')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Every N days (DAILY) or weeks (WEEKLY) from the start date; 1 otherwise (drizzle/0032). */
    repeatEvery: integer('repeat_every').notNull().default(1),
    /** MONTHLY: the weeks of the month its weekdays fall in, 1 .. 4 or -1 for the last. */
    monthWeeks: integer('month_weeks')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Local dates on which the plan makes no occurrence. */
    exceptionDates: date('exception_dates')
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    paused: boolean('paused').notNull().default(false),
    /** Makes no occurrence on a day the business calendar keeps as a holiday (drizzle/0044). */
    skipHolidays: boolean('skip_holidays').notNull().default(false),
    /**
     * A pooled plan (drizzle/0033): a group plan whose occurrences are one schedule each, with no
     * member until one of the pool takes it. The pool is the members its children name (set on
     * them too, so the engine makes nothing of theirs), or the whole site when it has none.
     */
    pooled: boolean('pooled').notNull().default(false),
    /** Set on resume to the next day: no occurrence before it is materialised again. */
    activeFrom: date('active_from'),
    /**
     * When the plan was created or its schedule last changed. The engine makes no
     * occurrence whose deadline came before it, so a new plan never starts with missed work.
     */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
    canceled: boolean('canceled').notNull().default(false),
    /**
     * The plan reports count it under: its group, or itself when it has none. Its schedules
     * carry it (kept equal by their foreign key, which cascades a change), so a member who
     * leaves a group takes their schedules' counts along in the report rollups.
     */
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs((): SQL => sql`coalesce(${executionPlans.parentId}, ${executionPlans.id})`),
    creatorId: ref('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('execution_plans_business_task_idx').on(t.businessId, t.taskId, t.id),
    index('execution_plans_parent_idx').on(t.parentId, t.id),
    index('execution_plans_business_team_user_idx').on(t.businessId, t.teamId, t.userId),
    index('execution_plans_business_user_idx').on(t.businessId, t.userId),
    // The target of the schedules' foreign key: a schedule has its plan's business, task and group
    // (not always its member: a pooled schedule is taken, a covered one moves; drizzle/0033).
    uniqueIndex('execution_plans_schedule_key').on(t.id, t.businessId, t.taskId, t.groupId),
  ],
);

/**
 * One occurrence of a member's plan. The unique key on (plan, member, start) makes the engine
 * idempotent across instances. `status` moves pending → inProgress → done (or late, when finished
 * in the grace window after `dueAt`), or to missed once the deadline passes.
 *
 * Business, task, member and group are checked by one foreign key to the plan (which holds the
 * same, each of the first three a foreign key of its own, and whose deletion cascades here), rather than by five:
 * the engine writes a schedule a row at a time as far as the checks go, and each check costs as
 * much as the row itself. The site keeps its own key: a plan carried to another site leaves its
 * earlier schedules in the old one.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: id(),
    businessId: ref('business_id').notNull(),
    planId: ref('plan_id').notNull(),
    /** The plan's group (execution_plans.group_id), which reports count the schedule under. */
    groupId: ref('group_id').notNull(),
    taskId: ref('task_id').notNull(),
    teamId: ref('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /**
     * Whoever has the schedule: the plan's member, whoever took it from a pool, or whoever covers
     * it. Null only on a pooled schedule nobody has taken yet (drizzle/0033).
     */
    userId: ref('user_id'),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    /** When the schedule stops taking answers: the deadline, plus the plan's grace when it has one. */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /**
     * The on-time deadline of a plan with a grace window: a schedule finished after it (and before
     * `deadline`) is late. Null without grace, when `deadline` is both.
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
    status: text('status').$type<ScheduleStatus>().notNull().default('pending'),
    /** When the last required answer was captured (before the deadline, however late it arrived). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The task as it was when the schedule was first answered (DESIGN §13); null until then. No
     * foreign key: a version goes only with its task, whose schedules go with it, and a key would
     * have every deleted version search this, the largest table, for rows naming it.
     */
    taskVersionId: ref('task_version_id'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'schedules_plan_fk',
      columns: [t.planId, t.businessId, t.taskId, t.groupId],
      foreignColumns: [executionPlans.id, executionPlans.businessId, executionPlans.taskId, executionPlans.groupId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // One occurrence per plan and start, whoever holds it (taken, covered): the engine's idempotence.
    uniqueIndex('schedules_plan_start_key').on(t.planId, t.start),
    // The pooled schedules still open to a site's members.
    index('schedules_business_team_untaken_idx')
      .on(t.businessId, t.teamId, t.start)
      .where(sql`user_id is null`),
    // Lists walk (business, start, id); reports read the rest of the key, so a report over a date
    // range is an index-only scan that never visits the table.
    index('schedules_business_start_report_idx').on(t.businessId, t.start, t.id, t.status, t.userId, t.teamId, t.taskId, t.planId),
    index('schedules_business_user_start_idx').on(t.businessId, t.userId, t.start),
    index('schedules_business_team_start_idx').on(t.businessId, t.teamId, t.start),
    index('schedules_business_task_start_idx').on(t.businessId, t.taskId, t.start),
    // The engine's missed sweep reads only open schedules by deadline.
    index('schedules_open_deadline_idx')
      .on(t.deadline)
      .where(sql`status in ('pending', 'inProgress')`),
    // The on-time deadlines of open schedules with a grace window (the deadline reminder).
    index('schedules_open_due_idx')
      .on(t.dueAt)
      .where(sql`due_at is not null and status in ('pending', 'inProgress')`),
    // The morning digest counts a day's missed schedules of a business by site (by deadline,
    // which may come months after the start), an index-only range.
    index('schedules_business_missed_deadline_idx')
      .on(t.businessId, t.deadline, t.teamId)
      .where(sql`status = 'missed'`),
    // Schedules open right now (the dashboard's count): of the open ones, few have started.
    index('schedules_business_open_start_idx')
      .on(t.businessId, t.start, t.deadline, t.teamId, t.userId)
      .where(sql`status in ('pending', 'inProgress')`),
  ],
);

/**
 * When the schedule's own member first received it in full (the runner's read, which the device's
 * offline copy makes): an answer the device delivers after the deadline is credible only if it
 * was captured after this moment, when the device could hold the schedule. The first read is kept.
 */
export const scheduleHandovers = pgTable('schedule_handovers', {
  scheduleId: ref('schedule_id')
    .primaryKey()
    .references(() => schedules.id, { onDelete: 'cascade' }),
  businessId: ref('business_id').notNull(),
  handedAt: timestamp('handed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An answer's value as jsonb. Both drivers already hand back parsed JSON; the stock jsonb
 * column parses a string value a second time, which turns the option index "0" into 0 and a
 * numeric text answer into a number.
 */
const answerValue = customType<{ data: AnswerValue; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value as AnswerValue,
});

/**
 * A member's answer to one action of a schedule. Several answers to one action are kept
 * (an answer from outside the geofence is never replaced); the latest counted one is current.
 */
export const actionResults = pgTable(
  'action_results',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    scheduleId: ref('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /**
     * No foreign key: the answers of an action deleted from its task stay with their schedule, read
     * through the task version they were given in (task_versions). The lists read answers with
     * their action, so they show the current actions' answers only.
     */
    actionId: ref('action_id').notNull(),
    taskId: ref('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    teamId: ref('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Text, a number, 'YES'/'NO', an option index or a list of them, a date, stars, true. */
    value: answerValue('value'),
    notes: text('notes'),
    /** Storage keys of the photo and the voice recording. */
    fileKey: text('file_key'),
    voiceKey: text('voice_key'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy: doublePrecision('accuracy'),
    /** Metres from the site's centre, when both positions are known. */
    distance: doublePrecision('distance'),
    /** Not proven at the site (outside or unverified, and not overridden): kept, shown, not counted (DESIGN §7). */
    outside: boolean('outside').notNull().default(false),
    /** How the geofence judged the position: null when the task does not check location. */
    locationStatus: text('location_status').$type<LocationStatus>(),
    /** A supervisor's ruling that an outside or unverified answer counts as given at the site. */
    overriddenBy: ref('overridden_by').references(() => users.id, { onDelete: 'set null' }),
    overriddenAt: timestamp('overridden_at', { withTimezone: true }),
    overrideReason: text('override_reason'),
    isFlagged: boolean('is_flagged').notNull().default(false),
    /** "2" once a ticket was raised from the answer. */
    statusCode: text('status_code'),
    ticketId: ref('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    /** When the answer reached the server. */
    createdDate: createdAt('created_date'),
    /** When the member captured it: the arrival unless the device's outbox delivered it later. */
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
    /** Arrived at or after the schedule's deadline, captured before it. */
    late: boolean('late').notNull().default(false),
    /** Kept, shown, never counted: why, as ANSWER_HOLDS says ('PAUSED', 'UNPROVEN'). */
    held: text('held').$type<AnswerHold>(),
    /** Where the device says the photo came from: its in-page camera or a file; null when it did not say. */
    photoSource: text('photo_source').$type<PhotoSource>(),
    /** When the photo's own metadata (EXIF) says it was taken, as the device read it before sending. */
    photoTakenAt: timestamp('photo_taken_at', { withTimezone: true }),
    /** The photo's metadata time and the answer's capture time differ by more than PHOTO_TIME_MISMATCH_MINUTES. */
    photoTimeMismatch: boolean('photo_time_mismatch').notNull().default(false),
  },
  (t) => [
    index('action_results_schedule_idx').on(t.scheduleId, t.actionId, t.id),
    // Lists walk (business, created, id); answer reports read the rest of the key without the table.
    index('action_results_business_created_report_idx').on(t.businessId, t.createdDate, t.id, t.actionId, t.teamId, t.userId, t.taskId, t.outside, t.isFlagged),
    index('action_results_business_user_action_idx').on(t.businessId, t.userId, t.actionId, t.createdDate),
    index('action_results_business_task_created_idx').on(t.businessId, t.taskId, t.createdDate),
    // The submissions of a site or a project, and a supervisor's view (their sites), newest first.
    index('action_results_business_team_created_idx').on(t.businessId, t.teamId, t.createdDate, t.id),
    index('action_results_flagged_idx')
      .on(t.businessId, t.createdDate)
      .where(sql`is_flagged`),
    // The few answers kept but not counted, which the latest results list shows beside the rollups' count.
    index('action_results_held_idx')
      .on(t.businessId, t.createdDate)
      .where(sql`held is not null`),
  ],
);

/**
 * The live feed's order: each answer announced to the feed gets its place here, numbered under a
 * lock per business held until its transaction commits (lib/answer-notices.ts), so a business's
 * numbers follow the order its answers committed in, unlike their ids. A viewer who reconnects
 * names the last number it had and is sent the answers numbered after it (modules/live-feed).
 */
export const answerFeed = pgTable(
  'answer_feed',
  {
    answerId: bigint('answer_id', { mode: 'number' })
      .primaryKey()
      .references(() => actionResults.id, { onDelete: 'cascade' }),
    businessId: ref('business_id').notNull(),
    // CACHE 1 (the default): a session that cached numbers would hand them out of order.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index('answer_feed_business_seq_idx').on(t.businessId, t.seq)],
);

/**
 * Schedules a plan change removed before anyone answered them (execution-plans
 * deleteOpenSchedules), with what judging a late answer needs: whose they were, their task and
 * their window. An answer the device's outbox delivers to one of them is kept (held_answers)
 * rather than refused as unknown. Rows are kept while an answer could still be taken
 * (MAX_CAPTURE_AGE_MS past the deadline).
 */
export const removedSchedules = pgTable(
  'removed_schedules',
  {
    id: ref('id').primaryKey(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: ref('task_id').notNull(),
    start: timestamp('start', { withTimezone: true }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    removedAt: createdAt('removed_at'),
  },
  (t) => [index('removed_schedules_business_deadline_idx').on(t.businessId, t.deadline)],
);

/**
 * An answer kept for the manager and never counted: its schedule had been removed when the
 * device's outbox delivered it (reason 'REMOVED'). The schedule id is the removed one's, without
 * a foreign key.
 */
export const heldAnswers = pgTable(
  'held_answers',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheduleId: ref('schedule_id').notNull(),
    actionId: ref('action_id')
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
    value: answerValue('value'),
    notes: text('notes'),
    important: boolean('important').notNull().default(false),
    fileKey: text('file_key'),
    voiceKey: text('voice_key'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy: doublePrecision('accuracy'),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    reason: text('reason').$type<AnswerHold>().notNull(),
  },
  (t) => [index('held_answers_business_created_idx').on(t.businessId, t.createdAt, t.id)],
);

/**
 * The score of a schedule's inspection (DESIGN §13: computed on the server as each answer is
 * stored), for tasks whose answers carry scores: weighted points, the percentage, passed or failed
 * on the task's pass mark, the failed items and each section's part, read with the schedule's
 * task version. Member, site and task are the schedule's, for the reports' averages.
 */
export const scheduleScores = pgTable(
  'schedule_scores',
  {
    scheduleId: ref('schedule_id')
      .primaryKey()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    businessId: ref('business_id').notNull(),
    taskId: ref('task_id').notNull(),
    teamId: ref('team_id').notNull(),
    userId: ref('user_id').notNull(),
    /**
     * The schedule's start and plan group, copied as its member, site and task are: the score rollups
     * (db/schema-rollups.ts) file a score under them, and read them here when the schedule is
     * already gone. A trigger keeps all five equal to the schedule's (drizzle/0027).
     */
    start: timestamp('start', { withTimezone: true }).notNull(),
    groupId: ref('group_id').notNull(),
    /** The task version it was scored with (no foreign key, as schedules.task_version_id). */
    versionId: ref('version_id').notNull(),
    achieved: doublePrecision('achieved').notNull(),
    possible: doublePrecision('possible').notNull(),
    percent: doublePrecision('percent'),
    passed: boolean('passed'),
    failed: jsonb('failed').$type<number[]>().notNull(),
    sections: jsonb('sections').$type<{ sectionId: number | null; achieved: number; possible: number; percent: number | null }[]>().notNull(),
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedule_scores_business_task_idx').on(t.businessId, t.taskId, t.scoredAt),
    // Reports that need both the member and the task (or a supervisor's view) read the scores of a
    // range here, as they read the schedules' own report index: an index-only scan.
    index('schedule_scores_business_start_report_idx').on(t.businessId, t.start, t.teamId, t.userId, t.taskId, t.groupId, t.percent, t.passed),
  ],
);

/**
 * Links that show one inspection's report to someone without a sign-in (DESIGN §13, public
 * links): a row per link, scoped to one schedule of one business, expiring and revocable. The
 * link holds a random token; the row keeps only its hash, so the table alone opens nothing.
 */
export const inspectionShares = pgTable(
  'inspection_shares',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    scheduleId: ref('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    creatorId: ref('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('inspection_shares_token_idx').on(t.tokenHash), index('inspection_shares_schedule_idx').on(t.businessId, t.scheduleId, t.id)],
);

/**
 * A member's request that a colleague of the site cover one of their open schedules (DESIGN §6,
 * drizzle/0033): open until a colleague accepts it or a site manager assigns one (the schedule
 * then moves to `cover_id` with its answers), or the requester withdraws it. The closed rows are
 * the schedule's history of who had it, who asked, who covered and when.
 */
export const coverRequests = pgTable(
  'cover_requests',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    scheduleId: ref('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    teamId: ref('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    requesterId: ref('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    status: text('status').$type<CoverStatus>().notNull().default('OPEN'),
    coverId: ref('cover_id').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: ref('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cover_requests_open_key')
      .on(t.scheduleId)
      .where(sql`status = 'OPEN'`),
    index('cover_requests_business_team_idx').on(t.businessId, t.teamId, t.status, t.id),
    index('cover_requests_schedule_idx').on(t.scheduleId, t.id),
  ],
);
