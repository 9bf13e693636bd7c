// The SLA report (GET /services/helpdesk/api/v1/report/sla): how tickets kept to their SLA
// targets over a range of calendar dates in the business's time zone, both ends inclusive.
//
// The first response is measured on the tickets created in the range, the resolution on the
// tickets resolved in the range (the usual SLA measures: a ticket resolved this month counts in
// this month's resolution figures, whenever it was opened). A ticket without a target, or whose
// first response or resolution has not come yet, counts in neither share. Minutes are working
// minutes of the business calendar, as the SLA clock counts them.
import { z } from 'zod';
import { basicInfo } from './account.ts';
import { idList } from './common.ts';
import { TICKET_PRIORITIES, TICKET_STATUSES } from './enums.ts';
import { isoDate } from './plans.ts';

/** The breaches the report lists, newest first; `breachesTotal` counts them all. */
export const SLA_BREACH_LIMIT = 100;

export const SLA_GROUPINGS = ['category', 'priority', 'site', 'project'] as const;
export type SlaGrouping = (typeof SLA_GROUPINGS)[number];

export const SLA_TARGETS = ['FIRST_RESPONSE', 'RESOLUTION'] as const;
export type SlaTarget = (typeof SLA_TARGETS)[number];

/** `GET /v1/report/sla?startDate&endDate&projects&teams`: without dates, the last 30 days up to today. */
export const slaReportQuery = z.object({
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  projects: idList,
  teams: idList,
});
export type SlaReportQuery = z.input<typeof slaReportQuery>;

export const slaFigures = z.object({
  /** Tickets created in the range. */
  created: z.number(),
  /** Tickets resolved (or closed) in the range. */
  resolved: z.number(),
  /** Of the tickets created in the range with a first-response target that came: on time, late. */
  firstResponseMet: z.number(),
  firstResponseBreached: z.number(),
  /** firstResponseMet / (met + breached) as a percentage with one decimal; null when none counts. */
  firstResponseMetPercent: z.number().nullable(),
  /** Of the tickets resolved in the range with a resolution target: on time, late. */
  resolutionMet: z.number(),
  resolutionBreached: z.number(),
  resolutionMetPercent: z.number().nullable(),
  /** Median working minutes to the first response of the tickets created in the range; null without one. */
  medianFirstResponseMinutes: z.number().nullable(),
  /** Median working minutes to the resolution of the tickets resolved in the range; null without one. */
  medianResolutionMinutes: z.number().nullable(),
  /** firstResponseBreached + resolutionBreached. */
  breaches: z.number(),
});
export type SlaFigures = z.infer<typeof slaFigures>;

/**
 * One group's figures. `id` is the category, site or project (null: tickets without one);
 * `priority` is set in the priority grouping. Sites and projects have one `name`; categories
 * `nameEn` and `nameAr`.
 */
export const slaGroup = slaFigures.extend({
  id: z.number().nullable(),
  priority: z.enum(TICKET_PRIORITIES).nullable(),
  name: z.string().nullable(),
  nameEn: z.string().nullable(),
  nameAr: z.string().nullable(),
});
export type SlaGroup = z.infer<typeof slaGroup>;

const named = z.object({ id: z.number(), name: z.string() });

export const slaBreach = z.object({
  ticketId: z.number(),
  title: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  target: z.enum(SLA_TARGETS),
  /** When it was due, and when the response or resolution came. */
  dueAt: z.string().nullable(),
  metAt: z.string(),
  /** Minutes of clock time from the due time to when it came; null when the due time is not kept. */
  lateMinutes: z.number().nullable(),
  /** The ticket's category, in both languages; null without one. */
  category: z.object({ id: z.number(), nameEn: z.string(), nameAr: z.string() }).nullable(),
  site: named.nullable(),
  project: named.nullable(),
  assignee: basicInfo.nullable(),
});
export type SlaBreach = z.infer<typeof slaBreach>;

export const slaReport = z.object({
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  totals: slaFigures,
  byCategory: z.array(slaGroup),
  byPriority: z.array(slaGroup),
  bySite: z.array(slaGroup),
  byProject: z.array(slaGroup),
  /** The newest SLA_BREACH_LIMIT breaches, by when the late response or resolution came. */
  breaches: z.array(slaBreach),
  breachesTotal: z.number(),
});
export type SlaReport = z.infer<typeof slaReport>;
