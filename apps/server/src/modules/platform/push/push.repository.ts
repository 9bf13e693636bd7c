// Push subscriptions and deliveries. A subscription belongs to a person, not a business: their
// device hears of every business they act in.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { notifications, pushDeliveries, pushSubscriptions } from '../../../db/schema-platform.ts';

/** Stores the subscription for `userId`; an endpoint already known moves to them (the browser holds it, whoever signed in last). */
export async function upsertSubscription(db: Db, userId: number, endpoint: string, keys: { p256dh: string; auth: string }) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: keys.p256dh, auth: keys.auth } });
}

export async function deleteOwnSubscription(db: Db, userId: number, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}

export async function deleteSubscription(db: Db, id: number, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
}

/** One (notification, subscription) pair for every subscription of each notification's recipient. */
export async function pushTargets(db: Db, notificationIds: number[]) {
  if (notificationIds.length === 0) return [];
  return db
    .select({ businessId: notifications.businessId, notificationId: notifications.id, subscriptionId: pushSubscriptions.id })
    .from(notifications)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.userId))
    .where(inArray(notifications.id, notificationIds));
}

/** What one push needs; null when the notification or the subscription is gone, or the endpoint now belongs to someone else. */
export async function findPush(db: Db, businessId: number, notificationId: number, subscriptionId: number) {
  const [row] = await db
    .select({
      kind: notifications.kind,
      params: notifications.params,
      link: notifications.link,
      language: users.language,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(pushSubscriptions, and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.userId, notifications.userId)))
    .where(and(eq(notifications.id, notificationId), eq(notifications.businessId, businessId)));
  return row ?? null;
}

/** Records the delivery's key (once) and answers whether it was already sent. */
export async function claimDelivery(db: Db, deliveryKey: string): Promise<{ sent: boolean }> {
  await db.insert(pushDeliveries).values({ deliveryKey }).onConflictDoNothing();
  const [sent] = await db
    .select({ one: sql<number>`1` })
    .from(pushDeliveries)
    .where(and(eq(pushDeliveries.deliveryKey, deliveryKey), isNotNull(pushDeliveries.sentAt)));
  return { sent: sent !== undefined };
}

export async function markDelivered(db: Db, deliveryKey: string) {
  await db
    .update(pushDeliveries)
    .set({ sentAt: sql`now()` })
    .where(eq(pushDeliveries.deliveryKey, deliveryKey));
}
