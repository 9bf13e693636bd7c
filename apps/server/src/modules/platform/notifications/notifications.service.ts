// Notifications (DESIGN §12): the jobs that turn events into the bell's entries, e-mails and
// pushes for the people who should hear of them, each once; and a person's bell and settings.
// Everything a job makes is written in one transaction with the event's claim, so a job cut short
// leaves nothing behind and its retry makes everything once.
import type { FastifyBaseLogger } from 'fastify';
import {
  NOTIFICATION_CHANNELS,
  SETTABLE_EVENTS,
  type Language,
  type Notification,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationSettings,
} from '@fieldops/shared/notifications';
import { MSG } from '@fieldops/shared/messages';
import type { MailSettings } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import type { events } from '../../../db/schema-platform.ts';
import type { EventData, EventKind } from '../events/events.service.ts';
import { renderMail } from '../mail/mail-layout.ts';
import { queueMails, type QueuedMail } from '../mail/mail.service.ts';
import type { Queue } from '../queue/queue.ts';
import { languageOf, wordingOf, type NotificationParams } from './notification-texts.ts';
import {
  announceBell,
  businessOf,
  claimEvent,
  claimEventsOfKind,
  countUnread,
  findNotification,
  insertNotifications,
  listNotifications,
  markRead,
  overseersOf,
  recipientRows,
  siteMembersOf,
  siteNames,
  supervisorsOf,
  userNames,
  saveSettings,
  settingsOf,
  type Channels,
  type RecipientRow,
} from './notifications.repository.ts';
import { clockToMinutes, minutesToClock, releaseTime } from './quiet-hours.ts';

type EventRow = typeof events.$inferSelect;

/** One person to tell: what, with which words, and where a tap leads. */
export interface Delivery {
  userId: number;
  kind: NotificationEvent;
  params: NotificationParams;
  link: string | null;
  /** What this delivery is of, when not the job's event or digest (a reminder of one schedule). */
  key?: string;
}

/** Makes the pushes of new bell entries (the push channel registers itself here). */
export type PushEnqueuer = (tx: Db, notificationIds: number[], startAfter?: Date) => Promise<void>;

export interface NotifierOptions {
  mail: MailSettings;
  push?: PushEnqueuer | null;
  log: FastifyBaseLogger;
}

const ticketLink = (id: number) => `/tickets/${id}`;
const scheduleLink = (id: number) => `/tracker/${id}`;

/** Who hears of one event, and what they are told. */
async function deliveriesOf(tx: Db, event: EventRow): Promise<Delivery[]> {
  const businessId = event.businessId!;
  const actor = event.actorId === null ? '' : ((await userNames(tx, [event.actorId])).get(event.actorId) ?? '');
  const others = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null && id !== event.actorId))];
  /** A schedule's start with the business's time zone, which each reader's words put on its clock. */
  const startOf = async (start: string | undefined): Promise<NotificationParams> =>
    start ? { start, timeZone: (await businessOf(tx, businessId))?.timeZone ?? 'UTC' } : {};
  switch (event.kind as EventKind) {
    case 'ticket.created': {
      const d = event.data as unknown as EventData['ticket.created'];
      const params = { ticketTitle: d.title, actor, ticketId: d.ticketId };
      return others(await overseersOf(tx, businessId, d.teamId)).map((userId) => ({ userId, kind: 'ticketCreated', params, link: ticketLink(d.ticketId) }));
    }
    case 'ticket.assigned': {
      const d = event.data as unknown as EventData['ticket.assigned'];
      return others([d.agentId]).map((userId) => ({
        userId,
        kind: 'ticketAssigned',
        params: { ticketTitle: d.title, actor, ticketId: d.ticketId },
        link: ticketLink(d.ticketId),
      }));
    }
    case 'ticket.commented': {
      const d = event.data as unknown as EventData['ticket.commented'];
      const params = { ticketTitle: d.title, actor, ticketId: d.ticketId };
      const creator = others([d.creatorId]).map((userId): Delivery => ({ userId, kind: 'ticketAnswered', params, link: ticketLink(d.ticketId) }));
      const agent = others([d.agentId])
        .filter((id) => id !== d.creatorId)
        .map((userId): Delivery => ({ userId, kind: 'ticketCommented', params, link: ticketLink(d.ticketId) }));
      return [...creator, ...agent];
    }
    case 'ticket.status': {
      const d = event.data as unknown as EventData['ticket.status'];
      const params = { ticketTitle: d.title, actor, status: d.status, ticketId: d.ticketId };
      return others([d.creatorId, d.agentId]).map((userId) => ({ userId, kind: 'ticketStatusChanged', params, link: ticketLink(d.ticketId) }));
    }
    case 'ticket.sla': {
      // A warning goes to the assignee, or to the site's overseers when there is none; a breach to
      // the assignee and the site's supervisors, or the business's owners and admins without a site.
      const d = event.data as unknown as EventData['ticket.sla'];
      const breach = d.escalation.endsWith('_BREACH');
      const agent = d.agentId === null ? [] : [d.agentId];
      const recipients = breach
        ? [...agent, ...(d.teamId === null ? await overseersOf(tx, businessId, null) : await supervisorsOf(tx, businessId, d.teamId))]
        : agent.length > 0
          ? agent
          : await overseersOf(tx, businessId, d.teamId);
      const params: NotificationParams = {
        ticketTitle: d.title,
        ticketId: d.ticketId,
        target: d.escalation.startsWith('FIRST_RESPONSE') ? 'FIRST_RESPONSE' : 'RESOLUTION',
        ...(d.dueAt ? { dueAt: d.dueAt, timeZone: (await businessOf(tx, businessId))?.timeZone ?? 'UTC' } : {}),
        ...(d.raisedTo ? { priority: d.raisedTo } : {}),
      };
      const kind = breach ? 'ticketSlaBreached' : 'ticketSlaWarning';
      return others(recipients).map((userId) => ({ userId, kind, params, link: ticketLink(d.ticketId) }));
    }
    case 'webhook.disabled': {
      // The app turned a webhook off: the business's owners and admins are told why.
      const d = event.data as unknown as EventData['webhook.disabled'];
      const params = { url: d.url, reason: d.reason, endpointId: d.endpointId };
      return (await overseersOf(tx, businessId, null)).map((userId) => ({ userId, kind: 'webhookDisabled', params, link: '/settings/webhooks' }));
    }
    case 'cover.requested': {
      const d = event.data as unknown as EventData['cover.requested'];
      const siteName = (await siteNames(tx, businessId, [d.teamId])).get(d.teamId) ?? '';
      const params = { actor, taskName: d.taskName, taskNameAr: d.taskNameAr, siteName, scheduleId: d.scheduleId, ...(await startOf(d.start)) };
      return others((await siteMembersOf(tx, businessId, d.teamId)).filter((id) => id !== d.requesterId)).map((userId) => ({
        userId,
        kind: 'coverRequested',
        params,
        link: '/tracker',
      }));
    }
    case 'cover.decided': {
      const d = event.data as unknown as EventData['cover.decided'];
      const coverName = (await userNames(tx, [d.coverId])).get(d.coverId) ?? '';
      const params = { actor, coverName, taskName: d.taskName, taskNameAr: d.taskNameAr, scheduleId: d.scheduleId, ...(await startOf(d.start)) };
      const link = scheduleLink(d.scheduleId);
      const requester = others([d.requesterId]).map((userId): Delivery => ({ userId, kind: 'coverAccepted', params, link }));
      const colleague =
        d.status === 'ASSIGNED'
          ? others([d.coverId])
              .filter((id) => id !== d.requesterId)
              .map((userId): Delivery => ({ userId, kind: 'coverAssigned', params, link }))
          : [];
      return [...requester, ...colleague];
    }
    default:
      return [];
  }
}

/** Who hears of a run of events of one digest kind, in one message each. */
async function digestOf(tx: Db, businessId: number, kind: EventKind, rows: EventRow[]): Promise<Delivery[]> {
  if (kind === 'answer.flagged') {
    const perUser = new Map<number, { count: number; sites: Set<string> }>();
    const bySite = new Map<number, { siteName: string; count: number }>();
    const flagged = rows.map((row) => row.data as unknown as EventData['answer.flagged']);
    const names = await siteNames(tx, businessId, [...new Set(flagged.map((d) => d.teamId))]);
    for (const d of flagged) {
      const site = bySite.get(d.teamId) ?? { siteName: names.get(d.teamId) ?? '', count: 0 };
      site.count++;
      bySite.set(d.teamId, site);
    }
    for (const [teamId, site] of bySite) {
      for (const userId of await overseersOf(tx, businessId, teamId)) {
        const entry = perUser.get(userId) ?? { count: 0, sites: new Set<string>() };
        entry.count += site.count;
        entry.sites.add(site.siteName);
        perUser.set(userId, entry);
      }
    }
    return [...perUser].map(([userId, { count, sites }]) => ({
      userId,
      kind: 'answersFlagged',
      params: { count, siteName: sites.size === 1 ? [...sites][0]! : '' },
      link: '/reports?tab=flagged',
    }));
  }
  if (kind === 'schedules.assigned') {
    const perUser = new Map<number, { count: number; taskName: string; taskNameAr: string }>();
    for (const row of rows) {
      const d = row.data as unknown as EventData['schedules.assigned'];
      for (const userId of d.userIds) {
        const entry = perUser.get(userId) ?? { count: 0, taskName: d.taskName, taskNameAr: d.taskNameAr };
        entry.count += d.count;
        perUser.set(userId, entry);
      }
    }
    return [...perUser].map(([userId, params]) => ({ userId, kind: 'schedulesAssigned', params, link: '/tracker' }));
  }
  return [];
}

/** The role's default for an event and channel, when the person chose nothing. */
const DEFAULT_ON = true;
const wants = (channels: Channels | null, kind: NotificationEvent, channel: NotificationChannel) => channels?.[kind]?.[channel] ?? DEFAULT_ON;

/**
 * Writes the bell entries, e-mails and pushes of `deliveries`, each keyed by its own `key` or else
 * by `key` (the event or digest), and by its recipient: a key written once is never written again.
 */
export async function deliver(tx: Db, businessId: number, key: string, deliveries: Delivery[], options: NotifierOptions) {
  if (deliveries.length === 0) return;
  const business = await businessOf(tx, businessId);
  if (!business) return;
  const people = new Map<number, RecipientRow>(
    (
      await recipientRows(
        tx,
        businessId,
        deliveries.map((d) => d.userId),
      )
    ).map((r) => [r.id, r]),
  );
  const now = new Date();
  const inApp = deliveries.filter((d) => people.has(d.userId) && wants(people.get(d.userId)!.channels, d.kind, 'inApp'));
  const made = await insertNotifications(
    tx,
    inApp.map((d) => ({ businessId, userId: d.userId, kind: d.kind, params: d.params, link: d.link, deliveryKey: `${d.key ?? key}:u${d.userId}` })),
  );
  if (made.length > 0) await announceBell(tx, businessId);
  const releaseOf = (person: RecipientRow) =>
    releaseTime(now, business.timeZone, person.quietStart !== null && person.quietEnd !== null ? { start: person.quietStart, end: person.quietEnd } : null);
  if (options.push) {
    // A push goes with its bell entry; quiet hours hold it until they end.
    const pushTo = new Map(inApp.filter((d) => wants(people.get(d.userId)!.channels, d.kind, 'push')).map((d) => [d.userId, releaseOf(people.get(d.userId)!)]));
    const byRelease = new Map<number, number[]>();
    for (const m of made) {
      const release = pushTo.get(m.userId);
      if (release === undefined) continue;
      byRelease.set(release.getTime(), [...(byRelease.get(release.getTime()) ?? []), m.id]);
    }
    for (const [release, ids] of byRelease) await options.push(tx, ids, release > now.getTime() ? new Date(release) : undefined);
  }
  const mails: QueuedMail[] = [];
  for (const d of deliveries) {
    const person = people.get(d.userId);
    if (!person || !person.emailClaimed || !wants(person.channels, d.kind, 'email')) continue;
    const language = languageOf(person.language);
    const release = releaseOf(person);
    mails.push({
      businessId,
      userId: d.userId,
      kind: d.kind,
      to: person.email,
      language,
      deliveryKey: `${d.key ?? key}:u${d.userId}:email`,
      notBefore: release > now ? release : null,
      ...notificationMail(options.mail, language, business, d),
    });
  }
  await queueMails(tx, mails);
}

const OPEN = { en: 'Open in the app', ar: 'افتح في التطبيق' };
const WHY = {
  en: (name: string) => `You get this e-mail as a member of ${name}.`,
  ar: (name: string) => `تصلك هذه الرسالة لأنك عضو في ${name}.`,
};

function notificationMail(mail: MailSettings, language: Language, business: { name: string; colour: string }, d: Delivery) {
  const { title, body } = wordingOf(d.kind, language, d.params);
  return renderMail({
    language,
    subject: title,
    business,
    heading: title,
    paragraphs: [body],
    action: d.link ? { label: OPEN[language], url: `${mail.appUrl}${d.link}` } : undefined,
    footer: WHY[language](business.name),
    unsubscribeUrl: `${mail.appUrl}/profile#notifications`,
  });
}

/** Works the fan-out and digest jobs of this instance. */
export async function workNotifications(queue: Queue, db: Db, options: NotifierOptions) {
  await queue.work<{ businessId: number; eventId: number }>(
    'events.fanout',
    async ({ businessId, eventId }) => {
      await db.transaction(async (tx) => {
        const event = await claimEvent(tx, eventId);
        if (!event) return;
        await deliver(tx, businessId, `e${event.id}`, await deliveriesOf(tx, event), options);
      });
    },
    { batch: 2 },
  );
  await queue.work<{ businessId: number; kind: EventKind }>('events.digest', async ({ businessId, kind }) => {
    await db.transaction(async (tx) => {
      const rows = await claimEventsOfKind(tx, businessId, kind);
      if (rows.length === 0) return;
      await deliver(tx, businessId, `d${rows[0]!.id}-${rows.at(-1)!.id}`, await digestOf(tx, businessId, kind, rows), options);
    });
  });
}

// The bell and the settings, for the signed-in person.

const toNotification = (row: Awaited<ReturnType<typeof listNotifications>>[number]): Notification => ({
  id: row.id,
  kind: row.kind as NotificationEvent,
  params: row.params,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export async function notificationsOf(db: Db, userId: number, businessId: number, query: { unread: boolean; before?: number; size: number }) {
  const rows = await listNotifications(db, userId, businessId, query);
  return {
    items: rows.slice(0, query.size).map(toNotification),
    hasMore: rows.length > query.size,
    unread: await countUnread(db, userId, businessId),
  };
}

export const unreadOf = async (db: Db, userId: number, businessId: number) => ({ unread: await countUnread(db, userId, businessId) });

export async function readOne(db: Db, userId: number, businessId: number, id: number) {
  if (!(await findNotification(db, userId, businessId, id))) throw notFound(MSG.notificationNotFound);
  if ((await markRead(db, userId, businessId, id)).length > 0) await announceBell(db, businessId);
}

export async function readAll(db: Db, userId: number, businessId: number) {
  if ((await markRead(db, userId, businessId, null)).length > 0) await announceBell(db, businessId);
}

export async function settingsFor(db: Db, userId: number): Promise<NotificationSettings> {
  const row = await settingsOf(db, userId);
  const events = Object.fromEntries(
    SETTABLE_EVENTS.map((kind) => [kind, Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, wants(row?.channels ?? null, kind, c)]))]),
  ) as NotificationSettings['events'];
  const quietHours =
    row && row.quietStart !== null && row.quietEnd !== null ? { start: minutesToClock(row.quietStart), end: minutesToClock(row.quietEnd) } : null;
  return { events, quietHours };
}

export async function updateSettings(db: Db, userId: number, body: NotificationSettings) {
  await saveSettings(db, userId, {
    channels: body.events as Channels,
    quietStart: body.quietHours ? clockToMinutes(body.quietHours.start) : null,
    quietEnd: body.quietHours ? clockToMinutes(body.quietHours.end) : null,
  });
  return settingsFor(db, userId);
}
