// Execution plans and schedules (spec §3, §4 and §7 "Schedules and execution plans"; DESIGN §6).
import { z } from 'zod';
import {
  ACTION_TYPES,
  DEADLINE_UNITS,
  EXECUTION_STATUSES,
  SCHEDULE_STATUSES,
  SCHEDULE_TYPES,
  TICKET_PRIORITIES,
  type ActionType,
  type ScheduleType,
} from './enums.ts';
import { id, idList, optionalText, pageQuery } from './common.ts';
import { actionOption, taskWithActions } from './tasks.ts';
import { EXECUTION_PLANS_PAGE_SIZE, MAX_PAGE_SIZE, SHIFT_END_HOUR, SHIFT_START_HOUR } from './limits.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';

/** Weekdays Sun to Sat (0..6) and months Jan to Dec (1..12), as the plan form offers them. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

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
  duration: z.coerce
    .number()
    .int()
    .min(0, minMessage(0))
    .max(24 * 60, maxMessage(24 * 60))
    .nullish()
    .transform((v) => v ?? null),
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
  duration: z.number().nullable(),
  days: z.array(z.number()),
  months: z.array(z.number()),
  paused: z.boolean(),
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

// ---------------------------------------------------------------- schedules

/**
 * Tracker timing: DUE = started by now (the All/Done/Missed/In Progress/Pending tabs), NEXT =
 * starts later (the Next tab).
 */
export const SCHEDULE_TIMINGS = ['DUE', 'NEXT'] as const;
export type ScheduleTiming = (typeof SCHEDULE_TIMINGS)[number];

const queryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

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
  deadline: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  /** With `withActionCalculations=true`: required visible actions, and how many of them have a counted answer. */
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

// ---------------------------------------------------------------- answers (action results)

/** Straight-line distance in metres between two positions (haversine), as the geofence uses it. */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = (deg: number) => (deg * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The value of an answer by action type (PHOTO and VOICE answers carry a file instead). */
export type AnswerValue = string | string[] | number | boolean | null;

/** Whether `value` is a complete answer for an action of this type with this many options. */
export function validAnswerValue(type: ActionType, value: AnswerValue, optionsCount: number): boolean {
  const index = (v: unknown) => typeof v === 'string' && /^\d+$/.test(v) && Number(v) < optionsCount;
  switch (type) {
    case 'TEXT':
      return typeof value === 'string' && value.trim() !== '' && value.length <= 5000;
    case 'DATE':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value);
    case 'YES_NO':
      return value === 'YES' || value === 'NO';
    case 'SINGLE_CHOICE':
      return index(value);
    case 'MULTIPLE_CHOICE':
      return Array.isArray(value) && value.length > 0 && value.every(index) && new Set(value).size === value.length;
    case 'RATING':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
    case 'CHECK':
      return value === true;
    case 'PHOTO':
    case 'VOICE':
      return value === null;
  }
}

const coordinate = (min: number, max: number) => z.coerce.number().min(min, minMessage(min)).max(max, maxMessage(max));

/**
 * The text fields of `POST /v1/action-results` (multipart; the photo in part `file`, the
 * recording in part `voice`). `value` is the answer as JSON text: "\"YES\"", "3", "[\"0\",\"2\"]".
 */
export const actionResultFields = z.object({
  scheduleId: id,
  actionId: id,
  value: z
    .string()
    .optional()
    .transform((v, ctx): AnswerValue => {
      if (v === undefined || v === '') return null;
      try {
        return JSON.parse(v) as AnswerValue;
      } catch {
        ctx.addIssue({ code: 'custom', message: MSG.answerInvalid });
        return z.NEVER;
      }
    }),
  notes: optionalText(2000),
  /** Marked important by the member: the answer is flagged. */
  important: queryFlag.default(false),
  latitude: coordinate(-90, 90).optional(),
  longitude: coordinate(-180, 180).optional(),
  accuracy: z.coerce.number().min(0).optional(),
});
export type ActionResultFields = z.input<typeof actionResultFields>;

export const actionResult = z.object({
  id: z.number(),
  scheduleId: z.number(),
  action: z.object({
    id: z.number(),
    nameEn: z.string().nullable(),
    nameAr: z.string().nullable(),
    type: z.enum(ACTION_TYPES),
    options: z.array(actionOption),
  }),
  taskId: z.number(),
  taskNameEn: z.string().nullable(),
  taskNameAr: z.string().nullable(),
  teamId: z.number(),
  teamName: z.string(),
  userId: z.number(),
  userFullName: z.string(),
  value: z.union([z.string(), z.array(z.string()), z.number(), z.boolean(), z.null()]),
  notes: z.string().nullable(),
  /** URLs of the photo and the recording, served by the app. */
  file: z.string().nullable(),
  voice: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  distance: z.number().nullable(),
  /** Given outside the site's geofence: kept, not counted. */
  outside: z.boolean(),
  isFlagged: z.boolean(),
  statusCode: z.string().nullable(),
  ticketId: z.number().nullable(),
  createdDate: z.string(),
});
export type ActionResult = z.infer<typeof actionResult>;

/** The answer to `POST /v1/action-results`: the stored answer and the schedule after it. */
export const submitResult = z.object({ result: actionResult, schedule });
export type SubmitResult = z.infer<typeof submitResult>;

/** `GET /v1/users/{userId}/actions/{actionId}/action-results`. */
export const actionResultsQuery = pageQuery.extend({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});

/** `GET /v1/action-results/flagged`; `task` narrows it to one task's answers. */
export const flaggedQuery = pageQuery.extend({
  isFlagged: queryFlag.default(true),
  task: id.optional(),
});

/** `GET /v1/report/latest/result`: recent submitted answers. */
export const latestResultsQuery = pageQuery.extend({
  task: id.optional(),
  tag: id.optional(),
  action: id.optional(),
});

/** `POST /v1/action-results/{id}/ticket`: every field optional; the answer fills the rest. */
export const fireTicketRequest = z
  .object({
    title: optionalText(200),
    description: optionalText(5000),
    priority: z.enum(TICKET_PRIORITIES).default('MEDIUM'),
    categoryId: id.nullish().transform((v) => v ?? null),
  })
  .default({ title: null, description: null, priority: 'MEDIUM', categoryId: null });
export type FireTicketRequest = z.input<typeof fireTicketRequest>;

/** A schedule with everything the runner needs (`GET /schedules/{id}?eagerLoad=true`). */
export const scheduleDetail = schedule.extend({
  task: taskWithActions,
  site: z.object({
    id: z.number(),
    name: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    radius: z.number(),
  }),
  answers: z.array(actionResult),
  paused: z.boolean(),
  /** Whether the caller may answer now: their own, open, not paused, before the deadline. */
  canAnswer: z.boolean(),
});
export type ScheduleDetail = z.infer<typeof scheduleDetail>;
