// The platform's tables (DESIGN §12): the event log, the in-app notifications, the e-mail and push
// deliveries, each keyed by (event, recipient, channel) so a retried job never makes a second one,
// the people's notification settings and push subscriptions, and the password reset links.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns.ts';
import { businesses, users } from './schema.ts';

/**
 * One row per state change someone may want to hear of, written in the transaction that makes the
 * change (`modules/platform/events`). `data` holds what the consumers need to word it.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    businessId: ref('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: ref('actor_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    /** When its notifications were made (alone, or in a digest with others of its kind). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /**
     * The audit log's columns (modules/platform/audit): who acted, as they were named then (a person,
     * or an API token), and from which address and client. The log is append-only (migration 0051).
     */
    actorName: text('actor_name'),
    ip: text('ip'),
    client: text('client'),
  },
  (t) => [
    index('events_business_idx').on(t.businessId, t.id),
    index('events_business_kind_idx').on(t.businessId, t.kind, t.id),
    index('events_actor_idx').on(t.businessId, t.actorId, t.id),
    index('events_unhandled_idx')
      .on(t.businessId, t.kind, t.id)
      .where(sql`handled_at is null`),
  ],
);

/** The bell: one row a recipient and event (or digest). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link'),
    deliveryKey: text('delivery_key').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_delivery_key').on(t.deliveryKey),
    index('notifications_user_idx').on(t.userId, t.businessId, t.id),
    index('notifications_unread_idx')
      .on(t.userId, t.businessId)
      .where(sql`read_at is null`),
  ],
);

/**
 * Every e-mail the app sends, rendered once in its recipient's language: the delivery record, and
 * the administrator's outbox when no SMTP server is configured.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    businessId: ref('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Security messages (a reset link) carry no unsubscribe link and ignore quiet hours. */
    security: boolean('security').notNull().default(false),
    /** Not sent before this instant (quiet hours). */
    notBefore: timestamp('not_before', { withTimezone: true }),
    deliveryKey: text('delivery_key').notNull(),
    /** A stored file sent with the message (an inspection's report), and the name it goes by. */
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    /** queued → sent, or kept (no SMTP server: the outbox holds it). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mail_messages_delivery_key').on(t.deliveryKey), index('mail_messages_business_idx').on(t.businessId, t.id)],
);

/** A browser's push subscription, one per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** Pushes sent, one per (notification, subscription): a retried job sends nothing twice. */
export const pushDeliveries = pgTable('push_deliveries', {
  deliveryKey: text('delivery_key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A person's choices: per event and channel (absent means the role's default), and quiet hours. */
export const notificationSettings = pgTable('notification_settings', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels').$type<Record<string, Partial<Record<'inApp' | 'email' | 'push', boolean>>>>().notNull().default({}),
  /** Minutes after midnight in the business's time zone; both null: no quiet hours. */
  quietStart: integer('quiet_start'),
  quietEnd: integer('quiet_end'),
  updatedAt: createdAt('updated_at'),
});

/** A link to choose a new password, sent by e-mail: stored hashed, single use, 30 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId, t.createdAt)],
);
