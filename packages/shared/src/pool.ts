// Pooled schedules and cover (DESIGN §6): the schedules open to a site's pool, taking one, and the
// requests that a colleague cover a member's schedule, with their history.
import { z } from 'zod';
import { SCHEDULE_STATUSES } from './enums.ts';
import { id } from './common.ts';
import { MSG, maxMessage } from './messages.ts';

/** How long the reason a member gives for asking cover may be. */
export const COVER_REASON_MAX = 500;

export const COVER_STATUSES = ['OPEN', 'ACCEPTED', 'ASSIGNED', 'WITHDRAWN'] as const;
export type CoverStatus = (typeof COVER_STATUSES)[number];

/**
 * `GET /v1/schedules/pool`: a pooled schedule nobody has taken yet, open to the caller, or at a
 * site the caller manages (`canTake` false when they are not in its pool).
 */
export const openSchedule = z.object({
  id: z.number(),
  planId: z.number(),
  taskId: z.number(),
  taskNameEn: z.string().nullable(),
  taskNameAr: z.string().nullable(),
  teamId: z.number(),
  teamName: z.string(),
  start: z.string(),
  end: z.string(),
  deadline: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  canTake: z.boolean(),
});
export type OpenSchedule = z.infer<typeof openSchedule>;

/** `POST /v1/schedules/{id}/take`: the schedule is now the caller's. */
export const takenSchedule = z.object({ id: z.number(), userId: z.number() });
export type TakenSchedule = z.infer<typeof takenSchedule>;

/** `POST /v1/schedules/{id}/cover-requests`: ask a colleague to cover it, saying why if you like. */
export const coverRequestCreate = z.object({
  reason: z
    .string()
    .trim()
    .max(COVER_REASON_MAX, maxMessage(COVER_REASON_MAX))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CoverRequestCreate = z.input<typeof coverRequestCreate>;

/** `POST /v1/cover-requests/{id}/assign`: a site manager names the colleague who covers. */
export const coverAssign = z.object({ userId: id });
export type CoverAssign = z.input<typeof coverAssign>;

const person = z.object({ id: z.number(), fullName: z.string() }).nullable();

export const coverRequest = z.object({
  id: z.number(),
  scheduleId: z.number(),
  teamId: z.number(),
  teamName: z.string(),
  taskNameEn: z.string().nullable(),
  taskNameAr: z.string().nullable(),
  start: z.string(),
  deadline: z.string(),
  requester: z.object({ id: z.number(), fullName: z.string() }),
  reason: z.string().nullable(),
  status: z.enum(COVER_STATUSES),
  /** Who covers it, once accepted or assigned. */
  cover: person,
  /** Who accepted or assigned or withdrew it. */
  decidedBy: person,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CoverRequest = z.infer<typeof coverRequest>;

export const coverRequestsQuery = z.object({
  /** OPEN: the requests the caller could act on or made; ALL adds the closed ones. */
  status: z.enum(['OPEN', 'ALL'], { error: MSG.invalid }).default('OPEN'),
});
