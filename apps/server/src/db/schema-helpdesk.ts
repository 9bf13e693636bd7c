// Helpdesk tables: tickets, their attachments, comments and history, categories and the
// default assignment of new tickets, and the SLA rules (DESIGN §1, helpdesk base).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AssignmentTarget, RoutingStrategy, SlaEscalation, TicketHistoryField, TicketPriority, TicketSource, TicketStatus } from '@fieldops/shared/enums';
import { createdAt, id, ref } from './columns.ts';
import { businesses, projects, teams, users } from './schema.ts';

export const ticketCategories = pgTable(
  'ticket_categories',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_categories_business_idx').on(t.businessId, t.id)],
);

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: ref('category_id').references(() => ticketCategories.id, { onDelete: 'set null' }),
    priority: text('priority').$type<TicketPriority>().notNull().default('NO_PRIORITY'),
    status: text('status').$type<TicketStatus>().notNull().default('NEW'),
    projectId: ref('project_id').references(() => projects.id, { onDelete: 'set null' }),
    teamId: ref('team_id').references(() => teams.id, { onDelete: 'set null' }),
    agentId: ref('agent_id').references(() => users.id, { onDelete: 'set null' }),
    creatorId: ref('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reason given with the last status change. */
    reason: text('reason'),
    createdDate: createdAt('created_date'),
    /** Moves to now on every change, so the board lists the last-changed ticket first. */
    updatedDate: createdAt('updated_date'),
    /** When the first response is due by the SLA rule that covers the ticket (null: no target). */
    firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }),
    /** When the ticket first left NEW: its first response. */
    firstRespondedAt: timestamp('first_responded_at', { withTimezone: true }),
    /**
     * When its resolution is due, on the SLA clock (sla-clock.ts): in the past once breached,
     * null while the clock is paused or stopped with time left, or when no target covers it.
     */
    resolutionDueAt: timestamp('resolution_due_at', { withTimezone: true }),
    /** Raised from a flagged answer, or by a person (drizzle/0044); routing rules match on it. */
    source: text('source').$type<TicketSource>().notNull().default('PERSON'),
    /** When the first response's warning threshold falls (its rule's share of the time used); null: none. */
    firstResponseWarnAt: timestamp('first_response_warn_at', { withTimezone: true }),
    /** When the resolution's warning threshold falls on the SLA clock; null while paused, stopped or without one. */
    resolutionWarnAt: timestamp('resolution_warn_at', { withTimezone: true }),
    /** When the ticket was last resolved or closed; null while open. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Working minutes from creation to the first response (set when it comes). */
    firstResponseMinutes: integer('first_response_minutes'),
    /** Working minutes on the resolution clock when last resolved (set with resolvedAt). */
    resolutionMinutes: integer('resolution_minutes'),
    /** Whether the first response came after its due time; null without a target or before it comes. */
    firstResponseBreached: boolean('first_response_breached'),
    /** Whether it was resolved after its due time; null without a target or while open. */
    resolutionBreached: boolean('resolution_breached'),
  },
  (t) => [
    index('tickets_business_idx').on(t.businessId, t.id),
    index('tickets_business_resolution_due_idx').on(t.businessId, t.resolutionDueAt),
    index('tickets_business_resolved_idx').on(t.businessId, t.resolvedAt),
    // The SLA report's newest late first responses, read backwards from the latest.
    index('tickets_first_response_breaches_idx')
      .on(t.businessId, t.firstRespondedAt)
      .where(sql`${t.firstResponseBreached}`),
    // The escalation sweep's two thresholds: only open tickets with a clock carry them.
    index('tickets_first_response_warn_idx')
      .on(t.firstResponseWarnAt)
      .where(sql`${t.firstResponseWarnAt} is not null`),
    index('tickets_resolution_warn_idx')
      .on(t.resolutionWarnAt)
      .where(sql`${t.resolutionWarnAt} is not null`),
    index('tickets_business_status_idx').on(t.businessId, t.status, t.updatedDate),
    // A board column sorted by due time: the held column's due times are all empty, so without
    // the status first the column walks every ticket of the business.
    index('tickets_business_status_due_idx').on(t.businessId, t.status, t.resolutionDueAt, t.id),
    index('tickets_business_agent_idx').on(t.businessId, t.agentId),
    index('tickets_business_creator_idx').on(t.businessId, t.creatorId),
    index('tickets_team_idx').on(t.teamId),
  ],
);

export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    ticketId: ref('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The storage key; the URL is derived from it. */
    fileKey: text('file_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: ref('size').notNull(),
    creatorId: ref('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdDate: createdAt('created_date'),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId, t.id)],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    ticketId: ref('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    creatorId: ref('creator_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text'),
    /** The storage key of an attached image. */
    fileKey: text('file_key'),
    createdDate: createdAt('created_date'),
    updatedDate: timestamp('updated_date', { withTimezone: true }),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.createdDate, t.id)],
);

/** One row per change of status, assignee, priority or category (and the creation). */
export const ticketHistory = pgTable(
  'ticket_history',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    ticketId: ref('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    field: text('field').$type<TicketHistoryField>().notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    agentId: ref('agent_id').references(() => users.id, { onDelete: 'set null' }),
    oldAgentId: ref('old_agent_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    actorId: ref('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdDate: createdAt('created_date'),
  },
  (t) => [index('ticket_history_ticket_idx').on(t.ticketId, t.id)],
);

/** Who receives a new ticket that has no assignee: one row per business. */
export const ticketAssignmentConfigs = pgTable(
  'ticket_assignment_configs',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    targetType: text('target_type').$type<AssignmentTarget>().notNull(),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: ref('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    projectId: ref('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    updatedDate: createdAt('updated_date'),
  },
  (t) => [uniqueIndex('ticket_assignment_configs_business_key').on(t.businessId)],
);

/**
 * SLA rules of a business (modules/helpdesk/sla-policies): the working minutes allowed to a
 * ticket's first response and resolution, for a priority, a category, both or neither (null: any).
 */
export const slaPolicies = pgTable(
  'sla_policies',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    priority: text('priority').$type<TicketPriority>(),
    categoryId: ref('category_id').references(() => ticketCategories.id, { onDelete: 'cascade' }),
    firstResponseMinutes: integer('first_response_minutes'),
    resolutionMinutes: integer('resolution_minutes'),
    /** The share of a target used (1 .. 99 %) at which the assignee is warned; null: no warning. */
    warnPercent: integer('warn_percent'),
    /** The priority a breached ticket is raised to, when it is lower; null: left as it is. */
    raisePriorityTo: text('raise_priority_to').$type<TicketPriority>(),
    createdAt: createdAt(),
  },
  (t) => [index('sla_policies_business_idx').on(t.businessId, t.id), index('sla_policies_category_idx').on(t.categoryId)],
);

/**
 * Routing rules of a business, in order (drizzle/0044): the first whose conditions all hold (null:
 * any) assigns a new ticket that has no assignee. ROUND_ROBIN takes the supervisors of the
 * target site (or of the ticket's site) in turn, after that site's cursor in
 * ticket_round_robin_cursors; FEWEST_OPEN takes whoever
 * of its group (the supervisors of the target site or project, or memberIds) has the fewest open
 * tickets; MEMBER takes userId.
 */
export const ticketRoutingRules = pgTable(
  'ticket_routing_rules',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    source: text('source').$type<TicketSource>(),
    categoryId: ref('category_id').references(() => ticketCategories.id, { onDelete: 'cascade' }),
    projectId: ref('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    teamId: ref('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    priority: text('priority').$type<TicketPriority>(),
    strategy: text('strategy').$type<RoutingStrategy>().notNull(),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    targetTeamId: ref('target_team_id').references(() => teams.id, { onDelete: 'cascade' }),
    targetProjectId: ref('target_project_id').references(() => projects.id, { onDelete: 'cascade' }),
    memberIds: bigint('member_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /**
     * Where the rule's round robin stood before the turn moved to ticket_round_robin_cursors
     * (drizzle/0046): unused, kept for the instances still running the previous release during an
     * upgrade, to be dropped by the next.
     */
    lastAssigneeId: ref('last_assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_routing_rules_business_idx').on(t.businessId, t.position),
    index('ticket_routing_rules_category_idx').on(t.categoryId),
    index('ticket_routing_rules_project_idx').on(t.projectId),
    index('ticket_routing_rules_team_idx').on(t.teamId),
    index('ticket_routing_rules_user_idx').on(t.userId),
    index('ticket_routing_rules_target_team_idx').on(t.targetTeamId),
    index('ticket_routing_rules_target_project_idx').on(t.targetProjectId),
  ],
);

/**
 * The business's tickets counted by project, site and status (0: none), from triggers on tickets
 * (drizzle/0047, 0049) through ticket_status_count_changes, so the board's counters and its
 * columns' totals read a few hundred rows instead of counting every ticket. The key also carries
 * the count (INCLUDE, written in the migration).
 */
export const ticketStatusCounts = pgTable(
  'ticket_status_counts',
  {
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    projectId: ref('project_id').notNull(),
    teamId: ref('team_id').notNull(),
    status: text('status').$type<TicketStatus>().notNull(),
    tickets: integer('tickets').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'ticket_status_counts_pkey', columns: [t.businessId, t.projectId, t.teamId, t.status] })],
);

/**
 * Changes of ticket_status_counts not yet folded into it (drizzle/0049): each statement that writes
 * tickets adds its sums here rather than updating the shared rows, so writers never wait on each
 * other (a bulk change of 200 tickets held those rows until it committed); a job folds them in
 * every minute, and readers add what is left.
 */
export const ticketStatusCountChanges = pgTable(
  'ticket_status_count_changes',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    projectId: ref('project_id').notNull(),
    teamId: ref('team_id').notNull(),
    status: text('status').$type<TicketStatus>().notNull(),
    tickets: integer('tickets').notNull(),
  },
  (t) => [index('ticket_status_count_changes_business_idx').on(t.businessId)],
);

/**
 * Where the round robin of a site's supervisors stands (drizzle/0046): the supervisor who was
 * given the site's last ticket. One per site, whichever rule turned it, so saving the rules keeps
 * the turn and tickets of several sites under one rule each go round their own site.
 */
export const ticketRoundRobinCursors = pgTable(
  'ticket_round_robin_cursors',
  {
    teamId: ref('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    lastAssigneeId: ref('last_assignee_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('ticket_round_robin_cursors_business_idx').on(t.businessId), index('ticket_round_robin_cursors_assignee_idx').on(t.lastAssigneeId)],
);

/** Each SLA threshold a ticket reached and was escalated for, once (drizzle/0044). */
export const ticketSlaEscalations = pgTable(
  'ticket_sla_escalations',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    ticketId: ref('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SlaEscalation>().notNull(),
    createdDate: createdAt('created_date'),
  },
  (t) => [uniqueIndex('ticket_sla_escalations_ticket_kind_key').on(t.ticketId, t.kind)],
);
