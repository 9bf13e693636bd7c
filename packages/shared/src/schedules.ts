// Execution plans and schedules (spec §3, §4 and §7 "Schedules and execution plans"; DESIGN §6).
import { z } from 'zod';
import {
  DEADLINE_UNITS, EXECUTION_STATUSES, SCHEDULE_STATUSES, SCHEDULE_TYPES, type ScheduleType,
} from './enums.ts';
import { id, idList, pageQuery } from './common.ts';
import { EXECUTION_PLANS_PAGE_SIZE, MAX_PAGE_SIZE, SHIFT_END_HOUR, SHIFT_START_HOUR } from './limits.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';

/** Weekdays Sun to Sat (0..6) and months Jan to Dec (1..12), as the plan form offers them. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** The plan list's status filter (spec §2); ALL shows every plan. */
export const PLAN_STATUS_FILTERS = ['ALL', 'COMPLETED', 'RUNNING', 'ACTIVE', 'UPCOMING'] as const;
export type PlanStatusFilter = (typeof PLAN_STATUS_FILTERS)[number];

/** A calendar date in the business's time zone. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalid);
/** A shift time "HH:mm" between 06:00 and 24:00 (midnight), on the quarter hour. */
export const shiftTime = z
  .string()
  .regex(/^([01]\d|2[0-4]):(00|15|30|45)$/, MSG.invalid)
  .refine((v) => {
    const [h, m] = v.split(':').map(Number);
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
  /** Expected minutes of work, for planning; not a deadline. */
  duration: z.coerce.number().int().min(0, minMessage(0)).max(24 * 60, maxMessage(24 * 60)).nullish().transform((v) => v ?? null),
  days: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  months: z.array(z.number().int().min(1).max(12)).max(12).default([]),
});
type PlanFields = z.infer<typeof planFields>;

/** The spec's 'one day', 'one month', 'one date' rules and the date and time order. */
function validPlan(value: PlanFields, ctx: z.RefinementCtx) {
  const needsDays: ScheduleType[] = ['WEEKLY', 'CUSTOM'];
  if (needsDays.includes(value.scheduleType) && value.days.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['days'], message: MSG.selectDay });
  }
  if (value.scheduleType === 'CUSTOM' && value.months.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['months'], message: MSG.selectMonth });
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
    userIds: z.array(id).min(1, MSG.selectUser).max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE)),
  })
  .superRefine(validPlan);
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
  teamId: z.number(),
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
  duration: z.number().nullable(),
  days: z.array(z.number()),
  months: z.array(z.number()),
  paused: z.boolean(),
  status: z.enum(EXECUTION_STATUSES),
  assignedMembers: z.array(z.object({ id: z.number(), fullName: z.string(), avatar: z.string().nullable() })),
});
export type ExecutionPlan = z.infer<typeof executionPlan>;

export const plansQuery = pageQuery.extend({
  size: z.coerce.number().int().min(1, minMessage(1)).max(MAX_PAGE_SIZE, maxMessage(MAX_PAGE_SIZE)).default(EXECUTION_PLANS_PAGE_SIZE),
  status: z.enum(PLAN_STATUS_FILTERS).default('ALL'),
});

// ---------------------------------------------------------------- schedules

export const schedulesQuery = pageQuery.extend({
  withActionCalculations: z.coerce.boolean().optional(),
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
  userId: z.number(),
  teamId: z.number(),
  projectId: z.number(),
  /** ISO instants in UTC; the app shows them in the business's time zone. */
  start: z.string(),
  end: z.string(),
  deadline: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  /** With `withActionCalculations=true`: answered and required-visible actions. */
  answeredActions: z.number().nullable(),
  requiredActions: z.number().nullable(),
});
export type Schedule = z.infer<typeof schedule>;

/** Schedule KPIs (spec §3): counts by status and done / total as a percentage. */
export const scheduleKpis = z.object({
  id: z.number().nullable(),
  missed: z.number(),
  done: z.number(),
  pending: z.number(),
  inProgress: z.number(),
  total: z.number(),
  completionRate: z.number(),
});
export type ScheduleKpis = z.infer<typeof scheduleKpis>;
