// Report rollups: schedules counted by status and answers counted, per business-local day, ten
// days and month, at the grains the reports group and filter by. Triggers in the database keep them
// in step with every write to schedules and answers, in the same transaction (drizzle/0010),
// so a report over a year reads a few hundred thousand small rows instead of millions.
//
// Schedules by member: (site, member), by day and month to date (drizzle/0014: the month-to-date
// rows are kept by a job, and reports add the changes it has not folded yet). Schedules by site:
// (site, task, plan group). Answers by site: (site, task, action). A report narrowed to some members reads the schedules by member,
// or the rows themselves where a grain lacks what it filters by (reports/report-source.ts). Each
// primary key also carries the counts (INCLUDE, written in the migration), so a report over a
// range of periods is an index-only scan.
//
// Scores (DESIGN §13: "rolled up like completion"): the kept score of each schedule, summed by the
// local day, ten days and month of the schedule's start, by site, task and plan group and by site
// and member (drizzle/0027), kept by triggers on schedule_scores in the writing transaction.
import { date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ref } from './columns.ts';
import { businesses } from './schema.ts';

/**
 * 'D': the period is one local day. 'T': the ten days starting on that date (the 1st, 11th or
 * 21st; the last runs to the month's end). 'M': the month starting on that date.
 */
export type RollupGrain = 'D' | 'T' | 'M';

const business = () =>
  ref('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const grain = () => text('grain').$type<RollupGrain>().notNull();
const period = () => date('period').notNull();
const count = (name: string) => integer(name).notNull().default(0);
const statusCounts = () => ({
  done: count('done'),
  /** Finished after the deadline, within the plan's grace window (drizzle/0031). */
  late: count('late'),
  missed: count('missed'),
  pending: count('pending'),
  inProgress: count('in_progress'),
  total: count('total'),
});

/**
 * Schedules by the local day they start, site and member (grain 'D' only: ranges of days read
 * the month-to-date rows below, and the daily series of a few members reads these).
 */
export const scheduleMemberRollups = pgTable(
  'report_schedules_by_member',
  { businessId: business(), grain: grain(), period: period(), teamId: ref('team_id').notNull(), userId: ref('user_id').notNull(), ...statusCounts() },
  (t) => [primaryKey({ name: 'report_schedules_by_member_pkey', columns: [t.businessId, t.grain, t.period, t.teamId, t.userId] })],
);

/** Schedules by the local day (or month) they start, site, task and plan group. */
export const scheduleSiteRollups = pgTable(
  'report_schedules_by_site',
  {
    businessId: business(),
    grain: grain(),
    period: period(),
    teamId: ref('team_id').notNull(),
    taskId: ref('task_id').notNull(),
    groupId: ref('group_id').notNull(),
    ...statusCounts(),
  },
  (t) => [primaryKey({ name: 'report_schedules_by_site_pkey', columns: [t.businessId, t.grain, t.period, t.teamId, t.taskId, t.groupId] })],
);

/** Answers by the local day (or month) they were given, site, task and action. */
export const answerSiteRollups = pgTable(
  'report_answers_by_site',
  {
    businessId: business(),
    grain: grain(),
    period: period(),
    teamId: ref('team_id').notNull(),
    taskId: ref('task_id').notNull(),
    actionId: ref('action_id').notNull(),
    /**
     * Counted answers (inside the geofence), the flagged among them, and those given outside; `late`:
     * the counted ones the device delivered after their schedule's deadline (drizzle/0016).
     */
    answers: count('answers'),
    flagged: count('flagged'),
    outside: count('outside'),
    late: count('late'),
  },
  (t) => [primaryKey({ name: 'report_answers_by_site_pkey', columns: [t.businessId, t.grain, t.period, t.teamId, t.taskId, t.actionId] })],
);

/**
 * Schedules by site and member counted from the 1st of a local day's month up to that day, so a
 * range of days is a difference of a few rows per member (the row before it starts, each month's
 * last day in it, and its last day), however long it is. The schedule triggers do not write
 * these: they add each change to `scheduleMemberChanges`, and a job adds those in batches
 * (report_member_fold, drizzle/0014). A row missing counts nothing.
 */
export const scheduleMemberToDate = pgTable(
  'report_schedules_by_member_to_date',
  { businessId: business(), day: date('day').notNull(), teamId: ref('team_id').notNull(), userId: ref('user_id').notNull(), ...statusCounts() },
  (t) => [primaryKey({ name: 'report_schedules_by_member_to_date_pkey', columns: [t.businessId, t.day, t.teamId, t.userId] })],
);

/**
 * Changes to the schedules by member per local day, written with every change to schedules and
 * not yet in `scheduleMemberToDate`. A report adds those of its range to what it reads there,
 * so it is exact whether or not the job has run; the job moves them in one transaction.
 */
export const scheduleMemberChanges = pgTable(
  'report_schedules_by_member_changes',
  {
    businessId: ref('business_id').notNull(),
    day: date('day').notNull(),
    teamId: ref('team_id').notNull(),
    userId: ref('user_id').notNull(),
    ...statusCounts(),
  },
  // In member order, as the fold takes them; a report reads its business's few.
  (t) => [index('report_schedules_by_member_changes_member').on(t.businessId, t.teamId, t.userId, t.day)],
);

/**
 * Sums of the kept scores (schedule_scores) of schedules starting in a period: how many have a
 * percentage, the sum of those percentages (exact: numeric, so adding and taking away a score
 * leaves no rounding behind), and how many passed and failed a pass mark.
 */
const scoreSums = () => ({
  scored: count('scored'),
  percentSum: numeric('percent_sum').notNull().default('0'),
  passed: count('passed'),
  failed: count('failed'),
});

/** Scores by the local day (ten days, month) their schedule starts, site, task and plan group. */
export const scoreSiteRollups = pgTable(
  'report_scores_by_site',
  {
    businessId: business(),
    grain: grain(),
    period: period(),
    teamId: ref('team_id').notNull(),
    taskId: ref('task_id').notNull(),
    groupId: ref('group_id').notNull(),
    ...scoreSums(),
  },
  (t) => [primaryKey({ name: 'report_scores_by_site_pkey', columns: [t.businessId, t.grain, t.period, t.teamId, t.taskId, t.groupId] })],
);

/**
 * Scores by the local day (ten days, month) their schedule starts, site and member. A list of
 * members reads the scores of its page's members only, each by its own range of the second key
 * (which carries the sums too, drizzle/0028), not the scores of every member of the range.
 */
export const scoreMemberRollups = pgTable(
  'report_scores_by_member',
  { businessId: business(), grain: grain(), period: period(), teamId: ref('team_id').notNull(), userId: ref('user_id').notNull(), ...scoreSums() },
  (t) => [
    primaryKey({ name: 'report_scores_by_member_pkey', columns: [t.businessId, t.grain, t.period, t.teamId, t.userId] }),
    index('report_scores_by_member_user').on(t.businessId, t.userId, t.grain, t.period),
  ],
);
