// Sites (teams) of a business with their project, type and member count in the same query:
// a page of sites costs two queries whatever its size.
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Site } from '@fieldops/shared/organisation';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { lookups, projects, teamMembers, teams } from '../../../db/schema.ts';

export interface SiteValues {
  name: string;
  projectId: number;
  latitude: number | null;
  longitude: number | null;
  radius: number;
  /** Left as it is when absent (a bulk import does not carry polygons). */
  polygon?: [number, number][] | null;
  typeId: number | null;
  externalId: string | null;
  whatsApp: string | null;
}

export interface SiteFilter {
  projectId?: number;
  searchKey?: string;
}

function selectSites(db: Db) {
  // Correlated to a site already scoped to the business; filtering placements by business again
  // would only stop the (team_id, user_id) index from answering on its own.
  const membersCount = db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teams.id));
  return db
    .select({
      id: teams.id,
      name: teams.name,
      projectId: teams.projectId,
      projectName: projects.name,
      latitude: teams.latitude,
      longitude: teams.longitude,
      radius: teams.radius,
      polygon: teams.polygon,
      typeId: teams.typeId,
      typeNameEn: lookups.nameEn,
      typeNameAr: lookups.nameAr,
      externalId: teams.externalId,
      whatsApp: teams.whatsApp,
      membersCount: sql<number>`${membersCount}`.mapWith(Number),
    })
    .from(teams)
    .innerJoin(projects, eq(projects.id, teams.projectId))
    .leftJoin(lookups, eq(lookups.id, teams.typeId))
    .$dynamic();
}

type SiteRow = Awaited<ReturnType<typeof selectSites>>[number];

/** A site as listed, without its rank and score (the reports module has them: teams.service.ts). */
export type SiteListed = Omit<Site, 'rank' | 'averageScore'>;

const toSite = (r: SiteRow): SiteListed => ({
  id: r.id,
  name: r.name,
  projectId: r.projectId,
  project: { id: r.projectId, name: r.projectName },
  latitude: r.latitude,
  longitude: r.longitude,
  radius: r.radius,
  polygon: r.polygon,
  typeId: r.typeId,
  siteType: r.typeId !== null && r.typeNameEn !== null && r.typeNameAr !== null ? { id: r.typeId, nameEn: r.typeNameEn, nameAr: r.typeNameAr } : null,
  externalId: r.externalId,
  whatsApp: r.whatsApp,
  membersCount: r.membersCount,
});

function whereOf(businessId: number, filter: SiteFilter): SQL | undefined {
  const like = filter.searchKey ? `%${filter.searchKey.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    eq(teams.businessId, businessId),
    filter.projectId ? eq(teams.projectId, filter.projectId) : undefined,
    like ? or(ilike(teams.name, like), ilike(teams.externalId, like)) : undefined,
  );
}

export async function findSites(db: Db, businessId: number, filter: SiteFilter, page: { page: number; size: number }) {
  const where = whereOf(businessId, filter);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectSites(db)
      .where(where)
      .orderBy(asc(teams.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(teams).where(where),
  ]);
  return { items: rows.map(toSite), total };
}

/** Every site of the business with a pin (id order), and how many have none. */
export async function findSitePlaces(db: Db, businessId: number) {
  const [items, [{ unplaced } = { unplaced: 0 }]] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name, latitude: sql<number>`${teams.latitude}`, longitude: sql<number>`${teams.longitude}` })
      .from(teams)
      .where(and(eq(teams.businessId, businessId), isNotNull(teams.latitude), isNotNull(teams.longitude)))
      .orderBy(asc(teams.id)),
    db
      .select({ unplaced: count() })
      .from(teams)
      .where(and(eq(teams.businessId, businessId), or(isNull(teams.latitude), isNull(teams.longitude)))),
  ]);
  return { items, unplaced };
}

export async function findSite(db: Db, businessId: number, id: number): Promise<SiteListed | null> {
  const [row] = await selectSites(db).where(and(eq(teams.businessId, businessId), eq(teams.id, id)));
  return row ? toSite(row) : null;
}

/** The bare rows of the sites among `ids` that belong to the business. */
export async function findSiteRows(db: Db, businessId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: teams.id, projectId: teams.projectId, name: teams.name })
    .from(teams)
    .where(and(eq(teams.businessId, businessId), inArray(teams.id, ids)));
}

/** The site's own values (what an update may change), or null when the business has no such site. */
export async function findSiteValues(db: Db, businessId: number, id: number): Promise<SiteValues | null> {
  const [row] = await db
    .select({
      name: teams.name,
      projectId: teams.projectId,
      latitude: teams.latitude,
      longitude: teams.longitude,
      radius: teams.radius,
      polygon: teams.polygon,
      typeId: teams.typeId,
      externalId: teams.externalId,
      whatsApp: teams.whatsApp,
    })
    .from(teams)
    .where(and(eq(teams.businessId, businessId), eq(teams.id, id)));
  return row ?? null;
}

export async function insertSite(db: Db, businessId: number, values: SiteValues) {
  const [row] = await db
    .insert(teams)
    .values({ businessId, ...values })
    .returning({ id: teams.id });
  return must(row, 'an insert returns its row').id;
}

export async function updateSiteRow(db: Db, businessId: number, id: number, values: Partial<SiteValues>) {
  await db
    .update(teams)
    .set(values)
    .where(and(eq(teams.businessId, businessId), eq(teams.id, id)));
}

/** Removes a site and its member placements; call inside a transaction. */
export async function deleteSiteRows(db: Db, businessId: number, id: number) {
  await db.delete(teamMembers).where(and(eq(teamMembers.businessId, businessId), eq(teamMembers.teamId, id)));
  await db.delete(teams).where(and(eq(teams.businessId, businessId), eq(teams.id, id)));
}
