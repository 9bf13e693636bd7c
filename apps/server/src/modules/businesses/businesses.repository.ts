// Businesses and their configuration lookups.
import { and, asc, eq } from 'drizzle-orm';
import type { Business, Lookups } from '@fieldops/shared/account';
import type { BusinessRole, LookupKind } from '@fieldops/shared/enums';
import type { Db } from '../../db/client.ts';
import { businessMembers, businesses, lookups } from '../../db/schema.ts';

export const toBusiness = (row: typeof businesses.$inferSelect, role: BusinessRole): Business => ({
  id: row.id,
  name: row.name,
  colour: row.colour,
  logo: row.logo,
  ownershipType: role,
  apiKey: row.apiKey,
  timeZone: row.timeZone,
  industryId: row.industryId,
  managedProfile: row.managedProfile,
});

export async function findBusinessesOfUser(db: Db, userId: number): Promise<Business[]> {
  const rows = await db
    .select({ business: businesses, role: businessMembers.role })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
    .orderBy(asc(businessMembers.id));
  return rows.map((r) => toBusiness(r.business, r.role));
}

export async function findBusiness(db: Db, businessId: number) {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  return row ?? null;
}

export async function findLookups(db: Db, businessId: number): Promise<Lookups> {
  const rows = await db
    .select({ id: lookups.id, kind: lookups.kind, nameEn: lookups.nameEn, nameAr: lookups.nameAr })
    .from(lookups)
    .where(eq(lookups.businessId, businessId))
    .orderBy(asc(lookups.id));
  const pick = (kind: string) => rows.filter((r) => r.kind === kind).map(({ id, nameEn, nameAr }) => ({ id, nameEn, nameAr }));
  return { projectTypes: pick('PROJECT_TYPE'), teamTypes: pick('TEAM_TYPE') };
}

/** Replaces the lookups of a business: listed ids are kept and renamed, new ones added, the rest removed. */
export async function replaceLookups(db: Db, businessId: number, next: Lookups) {
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: lookups.id, kind: lookups.kind }).from(lookups).where(eq(lookups.businessId, businessId));
    const wanted = [
      ...next.projectTypes.map((l) => ({ ...l, kind: 'PROJECT_TYPE' as const })),
      ...next.teamTypes.map((l) => ({ ...l, kind: 'TEAM_TYPE' as const })),
    ];
    const kept = new Set<number>();
    for (const item of wanted) {
      const match = item.id ? existing.find((e) => e.id === item.id && e.kind === item.kind) : undefined;
      if (match) {
        kept.add(match.id);
        await tx.update(lookups).set({ nameEn: item.nameEn, nameAr: item.nameAr }).where(eq(lookups.id, match.id));
      } else {
        await tx.insert(lookups).values({ businessId, kind: item.kind, nameEn: item.nameEn, nameAr: item.nameAr });
      }
    }
    for (const e of existing) {
      if (!kept.has(e.id)) await tx.delete(lookups).where(and(eq(lookups.id, e.id), eq(lookups.businessId, businessId)));
    }
  });
}

/** Whether `id` is a lookup of that kind in the business. */
export async function lookupExists(db: Db, businessId: number, kind: LookupKind, id: number) {
  const [row] = await db
    .select({ id: lookups.id })
    .from(lookups)
    .where(and(eq(lookups.id, id), eq(lookups.businessId, businessId), eq(lookups.kind, kind)));
  return Boolean(row);
}
