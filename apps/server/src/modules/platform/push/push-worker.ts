// Works the 'push.send' jobs: renders the notification in its recipient's language and sends it,
// encrypted (RFC 8291) and signed with the VAPID key (RFC 8292), to one subscription. A delivery is
// keyed `n{notification}:s{subscription}`: the key is stored before sending and marked sent after,
// so a retried job never sends a push that went out. A push service that says the subscription is
// gone (404, 410) has it removed; any other failure throws and the queue tries again later.
import type https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { LANGUAGES, type Language } from '@fieldops/shared/notifications';
import { pushSettings, type PushSettings } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { Queue } from '../queue/queue.ts';
import { pushText } from './push-texts.ts';
import { claimDelivery, deleteSubscription, findPush, markDelivered } from './push.repository.ts';
import { PUSH_QUEUE, type PushJob } from './push.service.ts';
import { vapidKeys } from './vapid.ts';

/** What the service worker receives (apps/web/src/sw.ts). */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the app to open on a tap, or null for its home. */
  link: string | null;
  /** One shown notification per app notification: a second copy would replace the first. */
  tag: string;
  lang: Language;
}

export interface PushWorkerOptions {
  /** Default: the environment's (config.ts). */
  settings?: PushSettings;
  /** The HTTPS agent for push services (tests trust their own service's certificate with it). */
  agent?: https.Agent;
  concurrency?: number;
}

/** Kinds that matter only for a short while: sent at once, dropped by the push service if the device stays away. */
const TIME_SENSITIVE = new Set(['scheduleStarting', 'scheduleDeadline']);
const DAY_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 15_000;
const TITLE_MAX = 120;
const BODY_MAX = 400;

export const deliveryKeyOf = (notificationId: number, subscriptionId: number) => `n${notificationId}:s${subscriptionId}`;

/** Only a path of this app opens from a push (never another site). */
const appPath = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function workPushes(queue: Queue, db: Db, log: FastifyBaseLogger, options: PushWorkerOptions = {}): Promise<void> {
  const settings = options.settings ?? pushSettings();
  await queue.work<PushJob>(PUSH_QUEUE, (job) => sendPush(db, settings, job, log, options.agent), { batch: options.concurrency ?? 20 });
}

export async function sendPush(db: Db, settings: PushSettings, job: PushJob, log: FastifyBaseLogger, agent?: https.Agent): Promise<void> {
  const push = await findPush(db, job.businessId, job.notificationId, job.subscriptionId);
  if (!push) return; // read, unsubscribed, or the endpoint moved to another person since
  const deliveryKey = deliveryKeyOf(job.notificationId, job.subscriptionId);
  if ((await claimDelivery(db, deliveryKey)).sent) return;

  const lang: Language = (LANGUAGES as readonly string[]).includes(push.language) ? (push.language as Language) : 'en';
  const text = pushText(lang, push.kind, push.params);
  const payload: PushPayload = {
    title: clip(text.title, TITLE_MAX),
    body: clip(text.body, BODY_MAX),
    link: appPath(push.link),
    tag: `notification-${job.notificationId}`,
    lang,
  };
  const vapid = await vapidKeys(db, settings);
  // Loaded with the first push this instance sends, not with its start.
  const { default: webpush } = await import('web-push');
  const timeSensitive = TIME_SENSITIVE.has(push.kind);
  try {
    await webpush.sendNotification({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, JSON.stringify(payload), {
      vapidDetails: vapid,
      TTL: timeSensitive ? 30 * 60 : DAY_SECONDS,
      urgency: timeSensitive ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
      timeout: SEND_TIMEOUT_MS,
      ...(agent ? { agent } : {}),
    });
  } catch (err) {
    if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
      await deleteSubscription(db, job.subscriptionId, push.endpoint);
      log.info({ subscriptionId: job.subscriptionId, status: err.statusCode }, 'push subscription gone, removed');
      return;
    }
    if (err instanceof webpush.WebPushError) throw new Error(`push service answered ${err.statusCode}: ${err.body.slice(0, 200)}`);
    throw err;
  }
  await markDelivered(db, deliveryKey);
}
