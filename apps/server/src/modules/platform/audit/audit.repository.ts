// Queries on the audit log (the events table), always scoped by business. Nothing here updates an
// entry; deleting is the retention's alone, inside the transaction that says so to the trigger
// of migration 0051.
import { and, desc, eq, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client.ts';
import { businesses } from '../../../db/schema.ts';
import { events } from '../../../db/schema-platform.ts';

export interface AuditFilter {
  kind?: string;
  actorId?: number;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  q?: string;
  before?: number;
}

export type EventRow = Pick<typeof events.$inferSelect, 'id' | 'kind' | 'actorId' | 'actorName' | 'data' | 'createdAt' | 'ip' | 'client'>;

const columns = {
  id: events.id,
  kind: events.kind,
  actorId: events.actorId,
  actorName: events.actorName,
  data: events.data,
  createdAt: events.createdAt,
  ip: events.ip,
  client: events.client,
};

/** `%`, `_` and `\` in a person's search text are matched as themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Midnight starting `date` in the time zone, as an instant. */
const dayStart = (date: string, timeZone: string) => sql`(${date}::date::timestamp at time zone ${timeZone})`;

function conditions(businessId: number, timeZone: string, f: AuditFilter): SQL[] {
  const where: SQL[] = [eq(events.businessId, businessId)];
  // A kind ("member.role_changed") or its area ("member"): the (business, kind, id) index serves both.
  if (f.kind) where.push(f.kind.includes('.') ? eq(events.kind, f.kind) : like(events.kind, `${f.kind}.%`));
  if (f.actorId !== undefined) where.push(eq(events.actorId, f.actorId));
  if (f.targetType) where.push(sql`${events.data}->'target'->>'type' = ${f.targetType}`);
  if (f.targetId) where.push(sql`${events.data}->'target'->>'id' = ${f.targetId}`);
  if (f.from) where.push(sql`${events.createdAt} >= ${dayStart(f.from, timeZone)}`);
  if (f.to) where.push(sql`${events.createdAt} < ${dayStart(f.to, timeZone)} + interval '1 day'`);
  if (f.q) {
    const text = likeText(f.q);
    where.push(or(ilike(events.actorName, text), sql`${events.data}->'target'->>'name' ilike ${text}`, sql`${events.data}->>'title' ilike ${text}`)!);
  }
  if (f.before !== undefined) where.push(lt(events.id, f.before));
  return where;
}

/** Up to `size` entries of the business, newest first, older than `before` when given. */
export async function findEntries(db: Db, businessId: number, timeZone: string, filter: AuditFilter, size: number): Promise<EventRow[]> {
  return db
    .select(columns)
    .from(events)
    .where(and(...conditions(businessId, timeZone, filter)))
    .orderBy(desc(events.id))
    .limit(size);
}

export async function findTimeZone(db: Db, businessId: number): Promise<string> {
  const [row] = await db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
  return row?.timeZone ?? 'UTC';
}

/**
 * Deletes up to `limit` of the business's entries older than its retention (business_security, 365
 * days when it has not said), in one transaction that tells the append-only trigger this is the
 * retention; returns how many went.
 */
export async function deleteExpired(db: Db, businessId: number, defaultDays: number, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('fieldops.event_retention', 'on', true)`);
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        delete from events where id in (
          select id from events
           where business_id = ${businessId}
             and created_at < now() - make_interval(days => coalesce((select audit_retention_days from business_security where business_id = ${businessId}), ${defaultDays}))
           order by id limit ${limit})
        returning id`),
    );
    return rows.length;
  });
}

/** Every business's id, in order (the retention goes through them one at a time). */
export async function businessIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: businesses.id }).from(businesses).orderBy(businesses.id);
  return rows.map((r) => r.id);
}
