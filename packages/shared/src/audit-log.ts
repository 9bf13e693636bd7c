// The audit log (DESIGN §12): the business's event log read as "who changed what, when, from
// where". Owners and administrators read it, filtered and newest first, and export it as CSV;
// nothing in the API changes or deletes an entry.
import { z } from 'zod';
import { id } from './common.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';
import { isoDate } from './plans.ts';

/** Entries in a page of the audit log, by default and at most. */
export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 200;
/** How long entries are kept when a business has not said (business_security.audit_retention_days). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

/**
 * The areas the filter offers: an area is the kinds whose name starts with it ("member" holds
 * member.invited, member.role_changed, …).
 */
export const AUDIT_AREAS = [
  'auth',
  'business',
  'member',
  'site',
  'project',
  'plan',
  'task',
  'ticket',
  'export',
  'token',
  'webhook',
  'sso',
  'security',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

/** `GET /api/v1/audit-log` and its CSV export: every filter optional, all of them applied together. */
export const auditLogQuery = z.object({
  /** One kind ("member.role_changed") or an area ("member"). */
  kind: z
    .string()
    .trim()
    .max(60, maxMessage(60))
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, MSG.invalid)
    .optional(),
  actorId: id.optional(),
  targetType: z
    .string()
    .trim()
    .max(40, maxMessage(40))
    .regex(/^[a-z_]+$/, MSG.invalid)
    .optional(),
  targetId: z.string().trim().max(40, maxMessage(40)).optional(),
  /** Calendar dates in the business's time zone, both inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Text in the actor's or the target's name. */
  q: z.string().trim().max(100, maxMessage(100)).optional(),
  /** The id of the last entry already shown: the page holds older ones. */
  before: id.optional(),
  size: z.coerce.number().int().min(1, minMessage(1)).max(MAX_AUDIT_PAGE_SIZE, maxMessage(MAX_AUDIT_PAGE_SIZE)).default(AUDIT_PAGE_SIZE),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditTarget = z.object({ type: z.string(), id: z.union([z.number(), z.string()]).nullable(), name: z.string().nullish() });

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.string(),
  actor: z.object({ id: z.number().nullable(), name: z.string().nullable() }),
  target: auditTarget.nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The event's data as recorded, for kinds that hold more than a change (notifications' events). */
  data: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  client: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogPage = z.object({
  items: z.array(auditEntry),
  /** Pass as `before` for the next page; null when this was the last. */
  nextBefore: z.number().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPage>;

/** `POST /api/v1/exports`: a file the web app made from data it read (a report, an SLA export). */
export const exportRecordRequest = z.object({
  what: z
    .string()
    .trim()
    .min(1, MSG.required)
    .max(60, maxMessage(60))
    .regex(/^[a-z_.-]+$/, MSG.invalid),
  format: z.enum(['csv', 'xlsx', 'pdf', 'json', 'png', 'print']),
  rows: z.number().int().min(0).max(10_000_000).optional(),
  /** The filters it was made with, as the page shows them. */
  filters: z.record(z.string(), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
});
export type ExportRecordRequest = z.input<typeof exportRecordRequest>;
