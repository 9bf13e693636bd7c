// Execution plans: the plan form's fields and rules, a plan and its members' plans, and a member's
// tasks by project (spec §2, §4 and §7 "Schedules and execution plans"; DESIGN §6).
import { z } from 'zod';
import { DEADLINE_UNITS, EXECUTION_STATUSES, SCHEDULE_TYPES, type ScheduleType } from './enums.ts';
import { id, pageQuery } from './common.ts';
import {
  EXECUTION_PLANS_PAGE_SIZE,
  MAX_GRACE_MINUTES,
  MAX_EXCEPTION_DATES,
  MAX_PAGE_SIZE,
  MAX_REPEAT_EVERY,
  SHIFT_END_HOUR,
  SHIFT_START_HOUR,
} from './limits.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';

/** Weekdays Sun to Sat (0..6) and months Jan to Dec (1..12), as the plan form offers them. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** The weeks of a month a MONTHLY plan picks: the 1st to 4th of its weekdays, or the last (-1). */
export const MONTH_WEEKS = [1, 2, 3, 4, -1] as const;

/** The plan list's status filter (spec §2); ALL shows every plan. */
export const PLAN_STATUS_FILTERS = ['ALL', 'COMPLETED', 'RUNNING', 'ACTIVE', 'UPCOMING'] as const;
export type PlanStatusFilter = (typeof PLAN_STATUS_FILTERS)[number];

/** A calendar date in the business's time zone (a real one: no 30 February). */
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const isoDate = z
  .string()
  .regex(DATE_PATTERN, MSG.invalid)
  .refine((v) => {
    // The pattern reports a malformed date; this one only a day the calendar does not have.
    const day = new Date(`${v}T00:00:00Z`);
    return !DATE_PATTERN.test(v) || (!Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v);
  }, MSG.invalid);
/** A shift time "HH:mm" between 06:00 and 24:00 (midnight), on the quarter hour. */
export const shiftTime = z
  .string()
  .regex(/^([01]\d|2[0-4]):(00|15|30|45)$/, MSG.invalid)
  .refine((v) => {
    const [h = Number.NaN, m] = v.split(':').map(Number);
    return h >= SHIFT_START_HOUR && (h < SHIFT_END_HOUR || m === 0);
  }, MSG.invalid);

const planFields = z.object({
  scheduleType: z.enum(SCHEDULE_TYPES),
  startDate: isoDate,
  endDate: isoDate.nullish().transform((v) => v ?? null),
  startTime: shiftTime,
  endTime: shiftTime,
  deadlineAfter: z.coerce.number().int().min(1, minMessage(1)).max(10_000, maxMessage(10_000)),
  deadlineUnit: z.enum(DEADLINE_UNITS),
  /**
   * Minutes after the deadline in which answers may still finish a schedule, which is then late
   * (counted apart from done and missed); 0, the default, for none.
   */
  graceMinutes: z.coerce.number().int().min(0, minMessage(0)).max(MAX_GRACE_MINUTES, maxMessage(MAX_GRACE_MINUTES)).default(0),
  /** Expected minutes of work, for planning; not a deadline. */
  duration: z.coerce
    .number()
    .int()
    .min(0, minMessage(0))
    .max(24 * 60, maxMessage(24 * 60))
    .nullish()
    .transform((v) => v ?? null),
  days: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  months: z.array(z.number().int().min(1).max(12)).max(12).default([]),
  /** Every N days (DAILY) or weeks (WEEKLY), counted from the start date; 1 for the other types. */
  repeatEvery: z.coerce.number().int().min(1, minMessage(1)).max(MAX_REPEAT_EVERY, maxMessage(MAX_REPEAT_EVERY)).default(1),
  /** MONTHLY: which of the month's weekdays (MONTH_WEEKS); ignored by the other types. */
  monthWeeks: z
    .array(
      z
        .number()
        .int()
        .refine((w) => (MONTH_WEEKS as readonly number[]).includes(w), MSG.invalid),
    )
    .max(MONTH_WEEKS.length)
    .default([]),
  /** Dates within the plan's dates on which no occurrence is made. */
  exceptionDates: z.array(isoDate).max(MAX_EXCEPTION_DATES, MSG.tooManyExceptions).default([]),
  /** No occurrence on a day the business calendar keeps as a holiday. */
  skipHolidays: z.boolean().default(false),
});
type PlanFields = z.infer<typeof planFields>;

/** The spec's 'one day', 'one month', 'one date' rules and the date and time order. */
function validPlan(value: PlanFields, ctx: z.RefinementCtx) {
  const needsDays: ScheduleType[] = ['WEEKLY', 'MONTHLY', 'CUSTOM'];
  if (needsDays.includes(value.scheduleType) && value.days.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['days'], message: MSG.selectDay });
  }
  if (value.scheduleType === 'CUSTOM' && value.months.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['months'], message: MSG.selectMonth });
  }
  if (value.scheduleType === 'MONTHLY' && value.monthWeeks.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['monthWeeks'], message: MSG.selectMonthWeek });
  }
  if (value.repeatEvery !== 1 && value.scheduleType !== 'DAILY' && value.scheduleType !== 'WEEKLY') {
    ctx.addIssue({ code: 'custom', path: ['repeatEvery'], message: MSG.repeatOnlyDailyWeekly });
  }
  // A plan that runs once has no dates to skip: its range is empty here.
  const last = value.scheduleType === 'ONCE' ? '' : (value.endDate ?? '');
  if (value.exceptionDates.some((d) => d < value.startDate || d > last)) {
    ctx.addIssue({ code: 'custom', path: ['exceptionDates'], message: MSG.exceptionOutsidePlan });
  }
  if (value.scheduleType !== 'ONCE' && !value.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.selectDate });
  }
  if (value.endDate && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.endBeforeStart });
  }
  if (value.endTime <= value.startTime) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: MSG.endBeforeStart });
  }
}

/** `POST /v1/execution-plans/assignType/GROUP/create`: one group plan for members of a site. */
export const groupPlanRequest = planFields
  .extend({
    taskId: id,
    teamId: id,
    userIds: z.array(id).max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE)).default([]),
    /**
     * A pool instead of named members: each occurrence is one schedule that any of `userIds` (or,
     * with none, anyone of the site) may take (DESIGN §6).
     */
    pooled: z.boolean().default(false),
  })
  .superRefine(validPlan)
  .superRefine((value, ctx) => {
    if (!value.pooled && value.userIds.length === 0) ctx.addIssue({ code: 'custom', path: ['userIds'], message: MSG.selectUser });
  });
export type GroupPlanRequest = z.input<typeof groupPlanRequest>;

/** `PUT /v2/execution-plans/{id}`: the schedule of a plan; members stay. */
export const planUpdateRequest = planFields.superRefine(validPlan);
export type PlanUpdateRequest = z.input<typeof planUpdateRequest>;

/** `PUT /v1/execution-plans/{id}`: working hours only (the transfer follow-up). */
export const planHoursRequest = z
  .object({ startTime: shiftTime, endTime: shiftTime })
  .refine((v) => v.endTime > v.startTime, { path: ['endTime'], message: MSG.endBeforeStart });
export type PlanHoursRequest = z.input<typeof planHoursRequest>;

export const executionPlan = z.object({
  id: z.number(),
  /** The group plan of a member's plan; null on the group plan itself. */
  parent: z.number().nullable(),
  groupId: z.number().nullable(),
  taskId: z.number(),
  taskNameEn: z.string().nullable(),
  taskNameAr: z.string().nullable(),
  teamId: z.number(),
  teamName: z.string(),
  projectId: z.number(),
  userId: z.number().nullable(),
  /** Members on a group plan; 1 on a member's plan. */
  count: z.number(),
  scheduleType: z.enum(SCHEDULE_TYPES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  deadlineAfter: z.number(),
  deadlineUnit: z.enum(DEADLINE_UNITS),
  /** Minutes after the deadline in which answers may still finish a schedule, which is then late. */
  graceMinutes: z.number(),
  duration: z.number().nullable(),
  days: z.array(z.number()),
  months: z.array(z.number()),
  repeatEvery: z.number(),
  monthWeeks: z.array(z.number()),
  exceptionDates: z.array(z.string()),
  skipHolidays: z.boolean(),
  paused: z.boolean(),
  /** A pooled plan (or a pool member's plan in one): its occurrences are taken from the pool. */
  pooled: z.boolean(),
  status: z.enum(EXECUTION_STATUSES),
  assignedMembers: z.array(z.object({ id: z.number(), fullName: z.string(), avatar: z.string().nullable() })),
});
export type ExecutionPlan = z.infer<typeof executionPlan>;

/** `PUT /v1/execution-plans/{id}/switch-status`: pause or resume; without a body it toggles. */
export const switchStatusRequest = z.object({ paused: z.boolean().optional() }).default({});
export type SwitchStatusRequest = z.input<typeof switchStatusRequest>;

/** `GET /v2/execution-plans/{id}`: the plan with its members' plans. */
export const planWithChildren = executionPlan.extend({ children: z.array(executionPlan) });
export type PlanWithChildren = z.infer<typeof planWithChildren>;

/** How far back the member page's Tasks view counts a member's schedules (days up to today). */
export const MEMBER_TASKS_DAYS = 30;

/** One task of a member within a project: their plans of it and how their recent schedules went. */
export const memberTask = z.object({
  taskId: z.number(),
  taskNameEn: z.string().nullable(),
  taskNameAr: z.string().nullable(),
  /** The project's sites where the member has the task (a plan there, or a recent schedule). */
  sites: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The member's plans of the task in the project's sites. */
  plans: z.number(),
  /** Of those, the ones still bringing work: active, running or upcoming. */
  activePlans: z.number(),
  /** The member's schedules of the task there that started in the last MEMBER_TASKS_DAYS days, by outcome. */
  done: z.number(),
  /** Finished after the deadline, in the plan's grace window. */
  late: z.number(),
  missed: z.number(),
  /** Started and not yet done nor missed (pending or in progress). */
  open: z.number(),
  total: z.number(),
  /** done / total in %, one decimal; null without a schedule in the period. */
  completionRate: z.number().nullable(),
});
export type MemberTask = z.infer<typeof memberTask>;

/** `GET /v1/users/{userId}/tasks-by-project`: the tasks a member is scheduled for, by project. */
export const memberProjectTasks = z.object({
  projectId: z.number(),
  projectName: z.string(),
  tasks: z.array(memberTask),
});
export type MemberProjectTasks = z.infer<typeof memberProjectTasks>;

export const plansQuery = pageQuery.extend({
  size: z.coerce.number().int().min(1, minMessage(1)).max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE)).default(EXECUTION_PLANS_PAGE_SIZE),
  status: z.enum(PLAN_STATUS_FILTERS).default('ALL'),
});
