// Tickets, their attachments, comments and history, categories and assignment
// (spec §3, §4 and §7 "Tickets").
import { z } from 'zod';
import { basicInfo } from './account.ts';
import { ASSIGNMENT_TARGETS, TICKET_HISTORY_FIELDS, TICKET_PRIORITIES, TICKET_STATUSES } from './enums.ts';
import { entityName, id, optionalText, pageQuery, requiredText } from './common.ts';
import { COMMENTS_PAGE_SIZE } from './limits.ts';
import { MSG, maxMessage } from './messages.ts';

// ---------------------------------------------------------------- transitions (spec §4)

export { allowedTransitions, canTransition } from './ticket-transitions.ts';

// ---------------------------------------------------------------- categories

export const ticketCategoryRequest = z.object({ nameEn: entityName(60), nameAr: entityName(60) });
export type TicketCategoryRequest = z.input<typeof ticketCategoryRequest>;
export const ticketCategory = z.object({ id: z.number(), nameEn: z.string(), nameAr: z.string() });
export type TicketCategory = z.infer<typeof ticketCategory>;

/** Created for every business (spec §3). */
export const DEFAULT_TICKET_CATEGORIES: ReadonlyArray<TicketCategoryRequest> = [
  { nameEn: 'General', nameAr: 'عام' },
  { nameEn: 'Bug', nameAr: 'خلل' },
  { nameEn: 'Feature Request', nameAr: 'طلب ميزة' },
  { nameEn: 'Support', nameAr: 'دعم' },
];

// ---------------------------------------------------------------- assignment configuration

/**
 * Who receives a new ticket that has no assignee: a member; a site, meaning the least busy of
 * its supervisors; or a project, meaning the least busy supervisor of its sites.
 */
export const assignmentConfig = z.object({
  targetType: z.enum(ASSIGNMENT_TARGETS),
  userId: z.number().nullable(),
  teamId: z.number().nullable(),
  projectId: z.number().nullable(),
});
export type AssignmentConfig = z.infer<typeof assignmentConfig>;
export const assignmentConfigRequest = z
  .object({
    targetType: z.enum(ASSIGNMENT_TARGETS),
    userId: id.nullish().transform((v) => v ?? null),
    teamId: id.nullish().transform((v) => v ?? null),
    projectId: id.nullish().transform((v) => v ?? null),
  })
  .superRefine((value, ctx) => {
    const needed = { MEMBER: 'userId', SITE: 'teamId', PROJECT: 'projectId', NONE: null }[value.targetType];
    if (needed && value[needed as 'userId' | 'teamId' | 'projectId'] == null) {
      ctx.addIssue({ code: 'custom', path: [needed], message: MSG.required });
    }
  });
export type AssignmentConfigRequest = z.input<typeof assignmentConfigRequest>;

// ---------------------------------------------------------------- tickets

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;

export const ticketCreateRequest = z.object({
  title: requiredText(TITLE_MAX),
  description: requiredText(DESCRIPTION_MAX),
  categoryId: id.nullish().transform((v) => v ?? null),
  priority: z.enum(TICKET_PRIORITIES).default('NO_PRIORITY'),
  agentId: id.nullish().transform((v) => v ?? null),
  projectId: id.nullish().transform((v) => v ?? null),
  teamId: id.nullish().transform((v) => v ?? null),
});
export type TicketCreateRequest = z.input<typeof ticketCreateRequest>;

/** `PUT /v1/tickets/{id}`: any of the fields; status changes go through the status call. */
export const ticketUpdateRequest = z.object({
  title: requiredText(TITLE_MAX).optional(),
  description: requiredText(DESCRIPTION_MAX).optional(),
  categoryId: id.nullable().optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  agentId: id.nullable().optional(),
  projectId: id.nullable().optional(),
  teamId: id.nullable().optional(),
});
export type TicketUpdateRequest = z.input<typeof ticketUpdateRequest>;

/** `PUT /v1/tickets/{id}/status/{status}?reason=`: a reason is required (spec §4). */
export const ticketStatusParams = z.object({ id, status: z.enum(TICKET_STATUSES) });
export const ticketStatusQuery = z.object({
  reason: z.string({ error: MSG.reasonRequired }).trim().min(1, MSG.reasonRequired).max(1000, maxMessage(1000)),
});

export const ticketsQuery = pageQuery.extend({
  searchKey: z.string().trim().max(100, maxMessage(100)).optional(),
  ticketStatus: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  categoryId: id.optional(),
  agentId: id.optional(),
  projectId: id.optional(),
  teamId: id.optional(),
  /** Tickets past their resolution due time, or due within the hour (sla-policies.ts). */
  sla: z.enum(['BREACHED', 'DUE_SOON']).optional(),
});
export type TicketsQuery = z.input<typeof ticketsQuery>;
/** The ticket filters as the server reads them. */
export type TicketsFilter = Pick<z.infer<typeof ticketsQuery>, 'searchKey' | 'priority' | 'categoryId' | 'agentId' | 'projectId' | 'teamId' | 'sla'>;

const named = z.object({ id: z.number(), name: z.string() });

export const ticket = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  categoryId: z.number().nullable(),
  category: ticketCategory.nullable(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  projectId: z.number().nullable(),
  project: named.nullable(),
  teamId: z.number().nullable(),
  team: named.nullable(),
  agentId: z.number().nullable(),
  agent: basicInfo.nullable(),
  creatorId: z.number().nullable(),
  creator: basicInfo.nullable(),
  reason: z.string().nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
  /** When the first response is due by the ticket's SLA rule; null without a target. */
  firstResponseDueAt: z.string().nullable(),
  /** When the ticket first left NEW. */
  firstRespondedAt: z.string().nullable(),
  /** When the resolution is due: past once breached; null while the SLA clock is paused or stopped with time left, or without a target. */
  resolutionDueAt: z.string().nullable(),
  attachmentsCount: z.number(),
  commentsCount: z.number(),
});
export type Ticket = z.infer<typeof ticket>;

/** `GET /v1/tickets/counts`: tickets per status under the same filters as the search. */
export const ticketCounts = z.record(z.enum(TICKET_STATUSES), z.number());
export type TicketCounts = z.infer<typeof ticketCounts>;

// ---------------------------------------------------------------- attachments, comments, history

export const ticketAttachment = z.object({
  id: z.number(),
  ticketId: z.number(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  url: z.string(),
  creatorId: z.number().nullable(),
  createdDate: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

export const ticketComment = z.object({
  id: z.number(),
  ticketId: z.number(),
  creatorId: z.number().nullable(),
  creator: basicInfo.nullable(),
  text: z.string().nullable(),
  /** The URL of an attached image. */
  file: z.string().nullable(),
  createdDate: z.string(),
  updatedDate: z.string().nullable(),
});
export type TicketComment = z.infer<typeof ticketComment>;
/** The text part of a comment form (multipart fields `text` and `file`). */
export const commentText = optionalText(5000);
/** `GET /v1/tickets/{id}/comments`: 10 a page by default (spec §9), newest first. */
export const ticketCommentsQuery = pageQuery.extend({
  size: pageQuery.shape.size.unwrap().default(COMMENTS_PAGE_SIZE),
});

export const ticketHistoryEntry = z.object({
  id: z.number(),
  ticketId: z.number(),
  field: z.enum(TICKET_HISTORY_FIELDS),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  agentId: z.number().nullable(),
  oldAgentId: z.number().nullable(),
  reason: z.string().nullable(),
  actorId: z.number().nullable(),
  actor: basicInfo.nullable(),
  /** A plain English line for logs and exports; the app words history from the fields. */
  summary: z.string(),
  createdDate: z.string(),
});
export type TicketHistoryEntry = z.infer<typeof ticketHistoryEntry>;
