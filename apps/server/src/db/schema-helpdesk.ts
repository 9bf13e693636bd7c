// Helpdesk tables: tickets, their attachments, comments and history, categories and the
// default assignment of new tickets, and the SLA rules (DESIGN §1, helpdesk base).
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AssignmentTarget, TicketHistoryField, TicketPriority, TicketStatus } from '@fieldops/shared/enums';
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
  },
  (t) => [
    index('tickets_business_idx').on(t.businessId, t.id),
    index('tickets_business_resolution_due_idx').on(t.businessId, t.resolutionDueAt),
    index('tickets_business_status_idx').on(t.businessId, t.status, t.updatedDate),
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
    createdAt: createdAt(),
  },
  (t) => [index('sla_policies_business_idx').on(t.businessId, t.id), index('sla_policies_category_idx').on(t.categoryId)],
);
