// Notifications (DESIGN §12): the bell, the people's settings, push subscriptions, self-service
// password reset, and what administrators see of the e-mail outbox and of jobs that failed.
import { z } from 'zod';
import { email, id, password } from './common.ts';
import { MSG } from './messages.ts';

/** The events a person can hear of. */
export const NOTIFICATION_EVENTS = [
  'schedulesAssigned',
  'scheduleStarting',
  'scheduleDeadline',
  'ticketAssigned',
  'ticketAnswered',
  'answersFlagged',
  'schedulesMissed',
  'ticketCreated',
  'ticketCommented',
  'ticketStatusChanged',
  'coverRequested',
  'coverAccepted',
  'coverAssigned',
  'ticketSlaWarning',
  'ticketSlaBreached',
  'webhookDisabled',
  'invitation',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The events a person may turn on or off (the invitation is always sent). */
export const SETTABLE_EVENTS = NOTIFICATION_EVENTS.filter((e) => e !== 'invitation');

/** One bell entry: `kind` names the event, `params` fill its text, `link` is the app path it opens. */
export const notification = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_EVENTS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.object({
  unread: z.enum(['true', 'false']).optional(),
  /** The page after this id (the list is newest first). */
  before: id.optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationList = z.object({ items: z.array(notification), unread: z.number(), hasMore: z.boolean() });
export type NotificationList = z.infer<typeof notificationList>;
export const unreadCount = z.object({ unread: z.number() });

const channelChoice = z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() });
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.invalid);
export const notificationSettings = z.object({
  events: z.record(z.enum(SETTABLE_EVENTS), channelChoice),
  /** Pushes and e-mails (not security ones) wait until `end`, in the business's time zone. */
  quietHours: z.object({ start: clock, end: clock }).nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const pushKey = z.object({ publicKey: z.string() });
export const pushSubscriptionRequest = z.object({
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;
export const pushUnsubscribeRequest = z.object({ endpoint: z.url().max(2000) });

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageRequest = z.object({ language: z.enum(LANGUAGES) });

export const passwordResetRequest = z.object({ email });
export const passwordResetFinish = z.object({ token: z.string().min(1).max(200), password });
export const RESET_LINK_MINUTES = 30;

/** The e-mails an administrator sees (the outbox when no SMTP server is set, else what was sent). */
export const outboxMessage = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  language: z.string(),
  status: z.enum(['queued', 'sent', 'kept']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxMessageBody = z.object({ html: z.string(), text: z.string() });

/** A job that used up its tries: what, why, when, and whether it can run again. */
export const failedJob = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string(),
  error: z.string(),
  attempts: z.number(),
  failedAt: z.string(),
});
export type FailedJob = z.infer<typeof failedJob>;
