// Schedules: the runs of a plan that a member answers, their filters and KPIs, and a schedule with
// everything the runner needs (spec §3 and §7 "Schedules and execution plans"; DESIGN §6).
import { z } from 'zod';
import { SCHEDULE_STATUSES } from './enums.ts';
import { id, idList, pageQuery, queryFlag } from './common.ts';
import { taskWithActions } from './tasks.ts';
import { actionResult } from './answers.ts';
import { isoDate } from './plans.ts';

/**
 * Tracker timing: DUE = started by now (the All/Done/Missed/In Progress/Pending tabs), NEXT =
 * starts later (the Next tab).
 */
export const SCHEDULE_TIMINGS = ['DUE', 'NEXT'] as const;
export type ScheduleTiming = (typeof SCHEDULE_TIMINGS)[number];

export const schedulesQuery = pageQuery.extend({
  withActionCalculations: queryFlag.optional(),
  timing: z.enum(SCHEDULE_TIMINGS).optional(),
  projects: idList,
  teams: idList,
  users: idList,
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  status: z.enum(SCHEDULE_STATUSES).optional(),
  task: id.optional(),
});
export type SchedulesQuery = z.input<typeof schedulesQuery>;

export const schedule = z.object({
  id: z.number(),
  planId: z.number(),
  taskId: z.number(),
  taskNameEn: z.string().nullable(),
  taskNameAr: z.string().nullable(),
  userId: z.number(),
  userFullName: z.string(),
  teamId: z.number(),
  teamName: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  /** ISO instants in UTC; the app shows them in the business's time zone. */
  start: z.string(),
  end: z.string(),
  /** When the schedule stops taking answers: the deadline, plus the plan's grace window when it has one. */
  deadline: z.string(),
  /**
   * The on-time deadline when the plan has a grace window: work finished at or after it, before
   * `deadline`, makes the schedule `late`. Null without grace (then `deadline` is both).
   */
  dueAt: z.string().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  /** With `withActionCalculations=true`: required visible actions, and how many of them have a counted answer. */
  answeredActions: z.number().nullable(),
  requiredActions: z.number().nullable(),
  /**
   * With `withActionCalculations=true`: how many of its counted answers the device delivered after
   * the deadline (they count because their capture was proven; a done schedule with any was done late).
   */
  lateAnswers: z.number().nullable(),
});
export type Schedule = z.infer<typeof schedule>;

/** Schedule KPIs (spec §3): counts by status and done / total as a percentage. */
export const scheduleKpis = z.object({
  id: z.number().nullable(),
  missed: z.number(),
  done: z.number(),
  /** Finished after the deadline, within the plan's grace window: not counted as done. */
  late: z.number(),
  pending: z.number(),
  inProgress: z.number(),
  total: z.number(),
  completionRate: z.number(),
});
export type ScheduleKpis = z.infer<typeof scheduleKpis>;

/** The answer to `POST /v1/action-results`: the stored answer and the schedule after it. */
export const submitResult = z.object({ result: actionResult, schedule });
export type SubmitResult = z.infer<typeof submitResult>;

/**
 * The answer to `POST /v1/action-results` (202) when the outbox delivers an answer to a schedule a
 * plan change removed meanwhile: the answer is kept apart, for the manager, under `id`.
 */
export const heldAnswerResult = z.object({ held: z.literal('REMOVED'), id: z.number(), message: z.string() });
export type HeldAnswerResult = z.infer<typeof heldAnswerResult>;

/** A schedule with everything the runner needs (`GET /schedules/{id}?eagerLoad=true`). */
export const scheduleDetail = schedule.extend({
  task: taskWithActions,
  site: z.object({
    id: z.number(),
    name: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    radius: z.number(),
    /** The polygon geofence, which replaces the circle when set; absent from a server of the version before. */
    polygon: z
      .array(z.tuple([z.number(), z.number()]))
      .nullable()
      .optional(),
  }),
  answers: z.array(actionResult),
  paused: z.boolean(),
  /** Whether the caller may answer now: their own, open, not paused, before the deadline. */
  canAnswer: z.boolean(),
});
export type ScheduleDetail = z.infer<typeof scheduleDetail>;
