// Queries on the links of exported files, always scoped by business (a link's own address is
// the one read that is not: it carries the token that finds its row).
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { ExportLink } from '@fieldops/shared/reports';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { exportLinks } from '../../../db/schema-workflow.ts';

export type NewExportLink = typeof exportLinks.$inferInsert;

export async function insertExportLink(db: Db, values: NewExportLink): Promise<{ id: number; expiresAt: Date }> {
  const [row] = await db.insert(exportLinks).values(values).returning({ id: exportLinks.id, expiresAt: exportLinks.expiresAt });
  if (!row) throw new Error('the insert returned no row');
  return row;
}

/** The business and the expiry of a live link (not revoked, not expired) that names `key`, or null. */
export async function findLiveLinkTo(db: Db, tokenHash: string, key: string, now: Date): Promise<{ businessId: number; expiresAt: Date } | null> {
  const [row] = await db
    .select({ businessId: exportLinks.businessId, expiresAt: exportLinks.expiresAt })
    .from(exportLinks)
    .where(
      and(
        eq(exportLinks.tokenHash, tokenHash),
        isNull(exportLinks.revokedAt),
        gt(exportLinks.expiresAt, now),
        sql`${exportLinks.files} @> ${JSON.stringify([key])}::jsonb`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A business's links, newest first; `creatorId` narrows to one person's. */
export async function findExportLinks(
  db: Db,
  businessId: number,
  creatorId: number | null,
  { page, size }: { page: number; size: number },
): Promise<{ items: ExportLink[]; total: number }> {
  const where: SQL | undefined = and(eq(exportLinks.businessId, businessId), creatorId === null ? undefined : eq(exportLinks.creatorId, creatorId));
  const rows = await db
    .select({
      id: exportLinks.id,
      createdAt: exportLinks.createdAt,
      expiresAt: exportLinks.expiresAt,
      revokedAt: exportLinks.revokedAt,
      files: sql<number>`jsonb_array_length(${exportLinks.files})`.mapWith(Number),
      creatorId: exportLinks.creatorId,
      creatorName: users.fullName,
      creatorUsername: users.username,
    })
    .from(exportLinks)
    .leftJoin(users, eq(users.id, exportLinks.creatorId))
    .where(where)
    .orderBy(desc(exportLinks.id))
    .limit(size)
    .offset(page * size);
  const [total] = await db.select({ value: count() }).from(exportLinks).where(where);
  return {
    items: rows.map((row) => ({
      id: row.id,
      createdDate: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      files: row.files,
      creator: row.creatorId === null ? null : { id: row.creatorId, fullName: row.creatorName || row.creatorUsername || '' },
    })),
    total: total?.value ?? 0,
  };
}

/** Revokes a link of the business (of one person's when `creatorId` is given); false when there is none. */
export async function revokeExportLink(db: Db, businessId: number, id: number, creatorId: number | null, now: Date): Promise<boolean> {
  const rows = await db
    .update(exportLinks)
    .set({ revokedAt: sql`coalesce(${exportLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(exportLinks.businessId, businessId), eq(exportLinks.id, id), creatorId === null ? undefined : eq(exportLinks.creatorId, creatorId)))
    .returning({ id: exportLinks.id });
  return rows.length > 0;
}
