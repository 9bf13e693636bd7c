// Queries of inspection reports: the links that share one, always scoped by business (a link's
// own address is the one read that is not: it carries the token that finds its row), and the
// member's position for the cover.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { InspectionShare } from '@fieldops/shared/inspections';
import type { Db } from '../../../db/client.ts';
import { businessMembers, teamMembers, users } from '../../../db/schema.ts';
import { inspectionShares } from '../../../db/schema-schedules.ts';

export type NewInspectionShare = typeof inspectionShares.$inferInsert;

const shareColumns = {
  id: inspectionShares.id,
  scheduleId: inspectionShares.scheduleId,
  creatorName: users.fullName,
  createdAt: inspectionShares.createdAt,
  expiresAt: inspectionShares.expiresAt,
  revokedAt: inspectionShares.revokedAt,
};

type ShareRow = { id: number; scheduleId: number; creatorName: string | null; createdAt: Date; expiresAt: Date; revokedAt: Date | null };

export const toShare = (row: ShareRow): InspectionShare => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export async function insertShare(db: Db, values: NewInspectionShare): Promise<InspectionShare> {
  const [made] = await db.insert(inspectionShares).values(values).returning({ id: inspectionShares.id });
  if (!made) throw new Error('the insert returned no row');
  const [row] = await db
    .select(shareColumns)
    .from(inspectionShares)
    .leftJoin(users, eq(users.id, inspectionShares.creatorId))
    .where(eq(inspectionShares.id, made.id));
  if (!row) throw new Error('the inserted row is gone');
  return toShare(row);
}

/** The links of one schedule, newest first. */
export async function findShares(db: Db, businessId: number, scheduleId: number): Promise<InspectionShare[]> {
  const rows = await db
    .select(shareColumns)
    .from(inspectionShares)
    .leftJoin(users, eq(users.id, inspectionShares.creatorId))
    .where(and(eq(inspectionShares.businessId, businessId), eq(inspectionShares.scheduleId, scheduleId)))
    .orderBy(desc(inspectionShares.id))
    .limit(200);
  return rows.map(toShare);
}

/** The business and schedule of a live link (not revoked, not expired), or null. */
export async function findLiveShare(db: Db, tokenHash: string, now: Date): Promise<{ id: number; businessId: number; scheduleId: number } | null> {
  const [row] = await db
    .select({ id: inspectionShares.id, businessId: inspectionShares.businessId, scheduleId: inspectionShares.scheduleId })
    .from(inspectionShares)
    .where(and(eq(inspectionShares.tokenHash, tokenHash), isNull(inspectionShares.revokedAt), gt(inspectionShares.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** The schedule of a link of the business, or null when there is none. */
export async function findShareSchedule(db: Db, businessId: number, id: number): Promise<number | null> {
  const [row] = await db
    .select({ scheduleId: inspectionShares.scheduleId })
    .from(inspectionShares)
    .where(and(eq(inspectionShares.businessId, businessId), eq(inspectionShares.id, id)));
  return row?.scheduleId ?? null;
}

/** Revokes a live link; false when it was revoked already. */
export async function revokeShare(db: Db, businessId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(inspectionShares)
    .set({ revokedAt: now })
    .where(and(eq(inspectionShares.businessId, businessId), eq(inspectionShares.id, id), isNull(inspectionShares.revokedAt)))
    .returning({ id: inspectionShares.id });
  return rows.length > 0;
}

/** The member's position at the site, else in the business, else null. */
export async function findPosition(db: Db, businessId: number, teamId: number, userId: number): Promise<string | null> {
  const [atSite] = await db
    .select({ position: teamMembers.position })
    .from(teamMembers)
    .where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (atSite?.position) return atSite.position;
  const [inBusiness] = await db
    .select({ position: businessMembers.position })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  return inBusiness?.position ?? null;
}
