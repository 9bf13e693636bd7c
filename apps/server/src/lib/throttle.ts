// Windowed counters kept in the database, so every instance and a restart see the same counts:
// failed sign-ins per account and per address, and the API rate limit (DESIGN §11).
import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { throttleCounters } from '../db/schema.ts';

export interface Counter {
  count: number;
  resetAt: Date;
}

/**
 * Adds `by[key]` to each counter and returns the totals. A counter whose window has ended starts
 * again from the addition, with a new window of `windowMs`. One statement for any number of keys.
 */
export async function addToCounters(db: Db, by: Map<string, number>, windowMs: number): Promise<Map<string, Counter>> {
  const totals = new Map<string, Counter>();
  if (by.size === 0) return totals;
  const keys = [...by.keys()];
  const counts = keys.map((k) => by.get(k) ?? 0);
  const result = await db.execute(sql`
    INSERT INTO throttle_counters (key, count, reset_at)
    SELECT k, c, now() + ${`${windowMs} milliseconds`}::interval
    FROM unnest(${sql.param(keys)}::text[], ${sql.param(counts)}::int[]) AS u(k, c)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN throttle_counters.reset_at <= now() THEN excluded.count
                   ELSE throttle_counters.count + excluded.count END,
      reset_at = CASE WHEN throttle_counters.reset_at <= now() THEN excluded.reset_at
                      ELSE throttle_counters.reset_at END
    RETURNING key, count, reset_at`);
  for (const row of rowsOf<{ key: string; count: unknown; reset_at: unknown }>(result)) {
    totals.set(String(row.key), { count: Number(row.count), resetAt: new Date(String(row.reset_at)) });
  }
  return totals;
}

/** The live counters among `keys` (an ended window counts as absent). */
export async function readCounters(db: Db, keys: string[]): Promise<Map<string, Counter>> {
  const found = new Map<string, Counter>();
  if (keys.length === 0) return found;
  const rows = await db
    .select()
    .from(throttleCounters)
    .where(sql`${inArray(throttleCounters.key, keys)} AND ${throttleCounters.resetAt} > now()`);
  for (const row of rows) found.set(row.key, { count: row.count, resetAt: row.resetAt });
  return found;
}

export async function clearCounters(db: Db, keys: string[]) {
  if (keys.length) await db.delete(throttleCounters).where(inArray(throttleCounters.key, keys));
}

/** Drops counters whose window ended a while ago; run now and then, from any instance. */
export async function sweepCounters(db: Db) {
  await db.delete(throttleCounters).where(sql`${throttleCounters.resetAt} < now() - interval '1 hour'`);
}

export const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));
