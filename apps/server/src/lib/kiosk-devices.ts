// Which kiosk a request comes from: the device token in X-Kiosk-Token names one enrolled tablet.
// Read from the database on every kiosk request, never kept in memory, so a kiosk an administrator
// revokes is refused at once by every instance, with its device token and its member sessions.
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../db/client.ts';
import { teamMembers } from '../db/schema.ts';
import { kiosks } from '../db/schema-kiosks.ts';
import { unauthorized } from './errors.ts';
import { hashKey } from './tokens.ts';

export interface KioskDevice {
  id: number;
  businessId: number;
  /** The site whose members use it. */
  teamId: number;
}

/** How often a kiosk's last-seen time is written: at most once a minute per kiosk. */
const SEEN_EVERY = sql`interval '1 minute'`;

/**
 * The enrolled, unrevoked kiosk whose device token `token` is; with `member`, also the kiosk the
 * member's session is bound to, the member still on its site. Refuses with 401 otherwise.
 */
export async function admitKiosk(db: Db, token: string | null, member?: { userId: number; kioskId: number }): Promise<KioskDevice> {
  if (!token) throw unauthorized(MSG.kioskNotEnrolled);
  const onSite = member
    ? sql<boolean>`exists (select 1 from ${teamMembers} where ${and(eq(teamMembers.teamId, kiosks.teamId), eq(teamMembers.userId, member.userId))})`
    : sql<boolean>`true`;
  const [row] = await db
    .select({
      id: kiosks.id,
      businessId: kiosks.businessId,
      teamId: kiosks.teamId,
      revoked: sql<boolean>`${kiosks.revokedAt} is not null`,
      seenLately: sql<boolean>`coalesce(${kiosks.lastSeenAt} > now() - ${SEEN_EVERY}, false)`,
      onSite,
    })
    .from(kiosks)
    .where(eq(kiosks.deviceTokenHash, hashKey(token)));
  if (!row || (member && row.id !== member.kioskId)) throw unauthorized(MSG.kioskNotEnrolled);
  if (row.revoked) throw unauthorized(MSG.kioskRevoked);
  if (!row.onSite) throw unauthorized(MSG.kioskMemberNotFound);
  if (!row.seenLately)
    await db
      .update(kiosks)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(kiosks.id, row.id));
  return { id: row.id, businessId: row.businessId, teamId: row.teamId };
}
