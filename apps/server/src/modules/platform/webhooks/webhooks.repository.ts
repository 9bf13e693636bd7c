// The queries of webhooks: endpoints, deliveries and attempts, always scoped by business; and the
// guarded updates that let several instances work the deliveries without sending one twice.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../../db/schema-integrations.ts';
import { events } from '../../../db/schema-platform.ts';
import { businessMembers } from '../../../db/schema.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type Page = { page: number; size: number };

export async function findEndpoints(db: Db, businessId: number, page: Page) {
  const where = eq(webhookEndpoints.businessId, businessId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(where)
      .orderBy(desc(webhookEndpoints.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ n: count() }).from(webhookEndpoints).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findEndpoint(db: Db, businessId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpointRow(db: Db, businessId: number, id: number, values: Partial<typeof webhookEndpoints.$inferInsert>) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteEndpointRow(db: Db, businessId: number, id: number) {
  await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)));
}

/** Turns an endpoint off once: null when it was off already (another instance got there first). */
export async function disableEndpointRow(db: Db, id: number, reason: 'gone' | 'failing') {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, disabledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning();
  return row ?? null;
}

/** A failed attempt: the run of failures starts now unless one has begun; answers when it began. */
export async function markFailing(db: Db, id: number): Promise<Date> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ since: webhookEndpoints.failingSince });
  return row?.since ?? new Date();
}

export async function clearFailing(db: Db, id: number) {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.failingSince} is not null`));
}

export async function findEvent(db: Db, businessId: number, eventId: number) {
  const [row] = await db
    .select({ id: events.id, kind: events.kind, data: events.data, createdAt: events.createdAt })
    .from(events)
    .where(and(eq(events.businessId, businessId), eq(events.id, eventId)));
  return row ?? null;
}

/** The business's enabled endpoints that want `type`. */
export async function endpointsWanting(db: Db, businessId: number, type: string) {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.businessId, businessId),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.eventKinds} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
}

/** Deliveries of one event: made once per endpoint whoever runs this (the unique key); answers the new ones. */
export async function insertDeliveries(db: Db, rows: (typeof webhookDeliveries.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing({ target: [webhookDeliveries.eventId, webhookDeliveries.endpointId], where: sql`event_id is not null` })
    .returning({ id: webhookDeliveries.id });
}

export async function insertDelivery(db: Db, values: typeof webhookDeliveries.$inferInsert) {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row!;
}

export async function findDeliveries(db: Db, businessId: number, endpointId: number, page: Page) {
  const where = and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.endpointId, endpointId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDelivery(db: Db, businessId: number, endpointId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row ?? null;
}

export async function findAttempts(db: Db, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return [];
  return db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveryIds)).orderBy(desc(webhookAttempts.id));
}

/**
 * Takes attempt number `expect + 1` of a pending delivery: only one worker gets it, however many
 * copies of its job run. Answers the delivery with its endpoint's address and secrets.
 */
export async function claimAttempt(db: Db, deliveryId: number, expect: number) {
  const [row] = rowsOf<{
    id: number | string;
    business_id: number | string;
    endpoint_id: number | string;
    event_id: number | string | null;
    message_id: string;
    payload: Record<string, unknown>;
    attempts: number;
  }>(
    await db.execute(sql`
      update webhook_deliveries set attempts = attempts + 1, last_attempt_at = now(), next_attempt_at = null
       where id = ${deliveryId} and status = 'pending'
         -- or the attempt before was taken by an instance that died during it (its job expired and runs again)
         and (attempts = ${expect} or (attempts = ${expect} + 1 and last_attempt_at < now() - interval '2 minutes'))
       returning id, business_id, endpoint_id, event_id, message_id, payload, attempts`),
  );
  return row ?? null;
}

export async function endpointForSend(db: Db, id: number) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

export async function insertAttempt(db: Db, values: typeof webhookAttempts.$inferInsert) {
  await db.insert(webhookAttempts).values(values);
}

export async function updateDeliveryRow(db: Db, id: number, values: Partial<typeof webhookDeliveries.$inferInsert>) {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** Makes a finished delivery pending again for a resend; null when it is still pending. */
export async function reopenDelivery(db: Db, businessId: number, id: number) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()` })
    .where(and(eq(webhookDeliveries.businessId, businessId), eq(webhookDeliveries.id, id), sql`${webhookDeliveries.status} <> 'pending'`))
    .returning({ attempts: webhookDeliveries.attempts });
  return row ?? null;
}

/** The business's owners and admins. */
export async function adminIdsOf(db: Db, businessId: number) {
  const rows = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.role, ['OWNER', 'ADMIN'])));
  return rows.map((r) => r.userId);
}
