// The VAPID keys (RFC 8292) that sign every push: the pair from the environment when set, else one
// pair generated once and kept in the database, so that every instance, on PostgreSQL or the
// embedded database, signs with the key the browsers subscribed with, across restarts and releases.
import { eq } from 'drizzle-orm';
import type { PushSettings } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { serverSecrets } from '../../../db/schema.ts';
import { must } from '@fieldops/shared/must';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const VAPID_SECRET_NAME = 'vapid';

/** Resolved once per database handle: a kept pair never changes. */
const resolved = new WeakMap<Db, Promise<{ publicKey: string; privateKey: string }>>();

export function vapidKeys(db: Db, settings: Pick<PushSettings, 'vapid' | 'subject'>): Promise<VapidKeys> {
  if (settings.vapid) return Promise.resolve({ ...settings.vapid, subject: settings.subject });
  let pair = resolved.get(db);
  if (!pair) {
    pair = keptPair(db);
    // A failed read (the database restarting) is tried again by the next caller.
    pair.catch(() => resolved.delete(db));
    resolved.set(db, pair);
  }
  return pair.then((keys) => ({ ...keys, subject: settings.subject }));
}

/** Instances starting together each offer a pair; the first stored is the one every instance uses. */
async function keptPair(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  // The push library is loaded when first needed, not with every instance's start.
  const { default: webpush } = await import('web-push');
  const offered = webpush.generateVAPIDKeys();
  await db
    .insert(serverSecrets)
    .values({ name: VAPID_SECRET_NAME, value: JSON.stringify(offered) })
    .onConflictDoNothing();
  const [kept] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, VAPID_SECRET_NAME));
  const { publicKey, privateKey } = JSON.parse(must(kept, 'the pair was just stored').value) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey };
}
