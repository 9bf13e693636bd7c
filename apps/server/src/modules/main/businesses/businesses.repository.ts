// Businesses, their configuration lookups, and the industries list.
import { and, asc, eq } from 'drizzle-orm';
import type { Lookups } from '@fieldops/shared/account';
import type { LookupKind } from '@fieldops/shared/enums';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { businessMembers, businesses, industries, lookups } from '../../../db/schema.ts';

export type BusinessRow = typeof businesses.$inferSelect;

/** The businesses the user belongs to with their role in each, in the order they joined. */
export async function findBusinessesOfUser(db: Db, userId: number) {
  return db
    .select({ business: businesses, role: businessMembers.role })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
    .orderBy(asc(businessMembers.id));
}

export async function findBusiness(db: Db, businessId: number) {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  return row ?? null;
}

/** Changes the business's row and answers it as it is now. */
export async function updateBusinessRow(db: Db, businessId: number, values: Partial<Omit<typeof businesses.$inferInsert, 'id'>>) {
  const [row] = await db.update(businesses).set(values).where(eq(businesses.id, businessId)).returning();
  return must(row, 'the caller’s business exists');
}

export async function findIndustries(db: Db) {
  return db.select({ id: industries.id, nameEn: industries.nameEn, nameAr: industries.nameAr }).from(industries).orderBy(asc(industries.id));
}

export async function industryExists(db: Db, id: number) {
  const [row] = await db.select({ id: industries.id }).from(industries).where(eq(industries.id, id));
  return Boolean(row);
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
