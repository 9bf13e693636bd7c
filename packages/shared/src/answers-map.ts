// The answers map of the reports (DESIGN §13): `GET /v1/report/answers/map` with the submissions
// filters gives the newest answers that carry a position, each with its location status, and the
// geofences of their sites, so a manager sees where each answer was given against its site.
import { z } from 'zod';
import { id } from './common.ts';
import { MSG } from './messages.ts';
import { submissionsQuery } from './reports.ts';

/** At most this many answers, the newest, are placed on the map; `total` says how many there are. */
export const ANSWERS_MAP_LIMIT = 5000;

/** How an answer's position stands: as judged, or counted by a manager's override; NOT_CHECKED when its task does not check location. */
export const ANSWER_MAP_STATUSES = ['INSIDE', 'OUTSIDE', 'UNVERIFIED', 'OVERRIDDEN', 'NOT_CHECKED'] as const;
export type AnswerMapStatus = (typeof ANSWER_MAP_STATUSES)[number];

/** The submissions filters without paging; a range that ends before it starts is refused. */
export const answersMapQuery = submissionsQuery.omit({ page: true, size: true, sort: true, action: true }).superRefine((query, ctx) => {
  if (query.startDate && query.endDate && query.endDate < query.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.endBeforeStart });
});
export type AnswersMapQuery = z.input<typeof answersMapQuery>;

export const answerMapPoint = z.object({
  id,
  latitude: z.number(),
  longitude: z.number(),
  /** Metres, as the device reported it. */
  accuracy: z.number().nullable(),
  /** Metres from the site's pin, as kept with the answer. */
  distance: z.number().nullable(),
  /** Metres outside the site's geofence as it is now (0 inside; null when the site has none). */
  fromGeofence: z.number().nullable(),
  status: z.enum(ANSWER_MAP_STATUSES),
  teamId: id,
  userId: id,
  userFullName: z.string(),
  taskId: id,
  taskNameEn: z.string().nullable(),
  taskNameAr: z.string().nullable(),
  capturedAt: z.string(),
});
export type AnswerMapPoint = z.infer<typeof answerMapPoint>;

/** A site of the answers on the map, with its geofence: the polygon when it has one, else the circle of `radius` around its pin. */
export const answerMapSite = z.object({
  id,
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radius: z.number(),
  polygon: z.array(z.tuple([z.number(), z.number()])).nullable(),
});
export type AnswerMapSite = z.infer<typeof answerMapSite>;

export const answersMap = z.object({
  answers: z.array(answerMapPoint),
  sites: z.array(answerMapSite),
  /** How many answers with a position meet the filters; more than `answers` holds when over the limit. */
  total: z.number().int(),
  limit: z.number().int(),
});
export type AnswersMap = z.infer<typeof answersMap>;
