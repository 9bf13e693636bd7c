// Web Push (DESIGN §12): a person's devices subscribe and unsubscribe; a notification becomes one
// 'push.send' job per subscription of its recipient, sent in the transaction that wrote the
// notification; push-worker.ts works those jobs.
import { MSG } from '@fieldops/shared/messages';
import type { PushSubscriptionRequest } from '@fieldops/shared/notifications';
import type { PushSettings } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { badRequest } from '../../../lib/errors.ts';
import { sendJobs, type JobData } from '../queue/queue.ts';
import { acceptableEndpoint, acceptableKeys } from './push-endpoint.ts';
import { deleteOwnSubscription, pushTargets, upsertSubscription } from './push.repository.ts';
import { vapidKeys } from './vapid.ts';

export const PUSH_QUEUE = 'push.send' as const;

export interface PushJob extends JobData {
  businessId: number;
  notificationId: number;
  subscriptionId: number;
}

export async function publicKey(db: Db, settings: PushSettings): Promise<string> {
  return (await vapidKeys(db, settings)).publicKey;
}

export async function subscribe(db: Db, settings: PushSettings, userId: number, request: PushSubscriptionRequest): Promise<void> {
  const keys = acceptableKeys(request.keys);
  const fieldErrors = [
    ...(acceptableEndpoint(request.endpoint, settings.localEndpoints) ? [] : [{ field: 'endpoint', message: MSG.invalid }]),
    ...(keys.p256dh ? [] : [{ field: 'keys.p256dh', message: MSG.invalid }]),
    ...(keys.auth ? [] : [{ field: 'keys.auth', message: MSG.invalid }]),
  ];
  if (fieldErrors.length) throw badRequest(MSG.invalid, fieldErrors);
  await upsertSubscription(db, userId, request.endpoint, request.keys);
}

/** Only the caller's own subscription goes; another's endpoint, or an unknown one, changes nothing. */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<void> {
  await deleteOwnSubscription(db, userId, endpoint);
}

/**
 * One 'push.send' job per (notification, subscription of its recipient), in `tx`: the jobs exist
 * only if the notifications commit. The caller has already decided that these notifications go
 * out by push (the person's settings, quiet hours).
 */
export async function enqueuePushes(tx: Db, notificationIds: number[], startAfter?: Date): Promise<void> {
  if (notificationIds.length === 0) return;
  const targets = await pushTargets(tx, notificationIds);
  await sendJobs<PushJob>(tx, PUSH_QUEUE, targets, startAfter ? { startAfter } : {});
}
