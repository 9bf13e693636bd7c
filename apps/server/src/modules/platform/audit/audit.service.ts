// The audit log (DESIGN §12): the event log read as "who changed what, when, from where". Changes
// record their events where they are made (events.service.ts); sign-ins and sign-outs concern a
// person rather than one business, so they are recorded here in each business the person belongs to.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { businessMembers } from '../../../db/schema.ts';
import { recordEvent } from '../events/events.service.ts';

export type SignInMethod = 'password' | 'sso' | 'two_factor' | 'recovery_code' | 'kiosk';

/**
 * Records a sign-in, a refused sign-in (a known account only: a name no one has belongs to no
 * business) or a sign-out, in every business of the person.
 */
export async function recordSignIn(
  db: Db,
  entry: { userId: number; outcome: 'signed_in' | 'sign_in_failed' | 'signed_out'; method?: SignInMethod; reason?: string },
) {
  const memberships = await db.select({ businessId: businessMembers.businessId }).from(businessMembers).where(eq(businessMembers.userId, entry.userId));
  for (const { businessId } of memberships) {
    await recordEvent(db, {
      businessId,
      kind: `auth.${entry.outcome}`,
      actorId: entry.userId,
      data: {
        target: { type: 'user', id: entry.userId },
        after: { ...(entry.method ? { method: entry.method } : {}), ...(entry.reason ? { reason: entry.reason } : {}) },
      },
    });
  }
}
