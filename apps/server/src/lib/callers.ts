// Who is calling, found without a database round trip in the steady state. Each instance keeps
// the open sessions and the memberships it has seen in memory; the database announces every change
// to them on the fieldops_callers channel as its transaction commits (migration
// 0009_caller_changes), and every instance forgets what changed. So logout, removal from a
// business, a role change or a new business key take effect on every instance at once.
//
// What keeps the memory honest:
// - while the listening connection is down nothing is kept and every request reads the database;
//   when it is back, everything kept before is forgotten (notifications may have been missed);
// - a read that raced a change is not kept (a generation count);
// - the instance that made a change waits, before answering, until it has heard its own
//   announcement (`settle`), so its next request cannot see the old state either;
// - entries live 10 minutes at most, and at most MAX_ENTRIES of each are kept.
import crypto from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { BusinessRole } from '@fieldops/shared/enums';
import type { Database, Db } from '../db/client.ts';
import { businessMembers, businesses } from '../db/schema.ts';
import { BoundedMap } from './bounded-map.ts';
import { findSessionUser } from './sessions.ts';

export const CALLERS_CHANNEL = 'fieldops_callers';
const MAX_ENTRIES = 20_000;
const LIFETIME_MS = 10 * 60_000;
const SETTLE_TIMEOUT_MS = 1_000;

export interface SessionUser {
  id: number;
  mustChangePassword: boolean;
  /** The kiosk a member signed in on (the session reaches only what a kiosk allows); null otherwise. */
  kioskId: number | null;
}

export interface Membership {
  businessId: number;
  role: BusinessRole;
  apiKey: string;
  timeZone: string;
}

interface Kept<T> {
  value: T;
  /** When the entry must be read again (the session's own end, or the lifetime). */
  until: number;
}

/** A user's memberships, the default business first, then in the order they were made. */
function readMemberships(db: Db, userId: number): Promise<Membership[]> {
  return db
    .select({ businessId: businessMembers.businessId, role: businessMembers.role, apiKey: businesses.apiKey, timeZone: businesses.timeZone })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
    .orderBy(desc(businessMembers.defaultBusiness), asc(businessMembers.id));
}

/** What the database announced: a session, a user (their account or memberships), a business, or anything. */
export type CallerChange = { session: string } | { user: number } | { business: number } | 'all';

export interface Callers {
  /** The user of an open session of an activated account; null when it ended, expired or is not theirs. */
  session(sessionId: string, userId: number): Promise<SessionUser | null>;
  memberships(userId: number): Promise<Membership[]>;
  /**
   * Calls `listener` with every change this instance hears of (and 'all' when changes may have
   * been missed), so that long-lived requests can ask again at once. The function stops it.
   */
  watch(listener: (change: CallerChange) => void): () => void;
  /** Resolves once this instance has heard every change committed before the call. */
  settle(): Promise<void>;
  /** Whether the memory is in use (the listening connection is up). */
  readonly active: boolean;
  readonly stats: { hits: number; misses: number };
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createCallers(db: Db, database: Pick<Database, 'listen'>): Callers {
  const keptSessions = new BoundedMap<string, Kept<SessionUser>>(MAX_ENTRIES);
  const keptMemberships = new BoundedMap<number, Kept<Membership[]>>(MAX_ENTRIES);
  const stats = { hits: 0, misses: 0 };
  const settling = new Map<string, () => void>();
  const instance = crypto.randomBytes(8).toString('hex');
  let settleCount = 0;
  let active = false;
  let generation = 0;
  let unlisten: (() => Promise<void>) | null = null;
  const watchers = new Set<(change: CallerChange) => void>();
  const tell = (change: CallerChange) => {
    for (const watcher of watchers) watcher(change);
  };

  const forgetAll = () => {
    generation++;
    keptSessions.clear();
    keptMemberships.clear();
    tell('all');
  };

  const onChange = (payload: string) => {
    if (payload.startsWith('sync:')) return settling.get(payload)?.();
    generation++;
    const [kind, id] = [payload.slice(0, 1), payload.slice(2)];
    if (kind === 's') {
      keptSessions.delete(id);
      tell({ session: id });
    } else if (kind === 'u') {
      const userId = Number(id);
      keptMemberships.delete(userId);
      for (const [key, kept] of keptSessions) if (kept.value.id === userId) keptSessions.delete(key);
      tell({ user: userId });
    } else if (kind === 'b') {
      const businessId = Number(id);
      for (const [userId, kept] of keptMemberships) if (kept.value.some((m) => m.businessId === businessId)) keptMemberships.delete(userId);
      tell({ business: businessId });
    } else forgetAll();
  };

  async function keep<K, T>(map: BoundedMap<K, Kept<T>>, key: K, read: () => Promise<{ value: T; until: number } | null>): Promise<T | null> {
    const now = Date.now();
    const kept = active ? map.get(key) : undefined;
    if (kept && kept.until > now) {
      stats.hits++;
      return kept.value;
    }
    stats.misses++;
    const seen = generation;
    const found = await read();
    if (!found) {
      map.delete(key);
      return null;
    }
    // Kept only if nothing changed while it was read, and only while changes can be heard.
    if (active && seen === generation) map.set(key, { value: found.value, until: Math.min(found.until, now + LIFETIME_MS) });
    return found.value;
  }

  return {
    get active() {
      return active;
    },
    stats,
    watch(listener) {
      watchers.add(listener);
      return () => {
        watchers.delete(listener);
      };
    },
    async session(sessionId, userId) {
      const found = await keep(keptSessions, sessionId, async () => {
        const row = await findSessionUser(db, sessionId, userId);
        return row ? { value: { id: row.id, mustChangePassword: row.mustChangePassword, kioskId: row.kioskId }, until: row.expiresAt.getTime() } : null;
      });
      // A session id names one user; a token naming another is refused like an ended session.
      return found && found.id === userId ? found : null;
    },
    async memberships(userId) {
      const found = await keep(keptMemberships, userId, async () => ({ value: await readMemberships(db, userId), until: Infinity }));
      return found ?? [];
    },
    async settle() {
      if (!active) return;
      const token = `sync:${instance}:${++settleCount}`;
      const heard = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          // Not heard in time: the channel is unreliable, so nothing kept can be trusted.
          settling.delete(token);
          forgetAll();
          resolve();
        }, SETTLE_TIMEOUT_MS);
        settling.set(token, () => {
          clearTimeout(timer);
          settling.delete(token);
          resolve();
        });
      });
      await db.execute(sql`SELECT pg_notify(${CALLERS_CHANNEL}, ${token})`);
      await heard;
    },
    async start() {
      unlisten = await database.listen(
        CALLERS_CHANNEL,
        onChange,
        () => {
          forgetAll();
          active = true;
        },
        () => {
          active = false;
          forgetAll();
        },
      );
      forgetAll();
      active = true;
    },
    async stop() {
      active = false;
      forgetAll();
      await unlisten?.();
      unlisten = null;
    },
  };
}
