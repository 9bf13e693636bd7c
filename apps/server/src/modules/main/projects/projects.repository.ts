// Projects of a business with their type and the counts of their sites and members, all in the
// same query: a page of projects costs two queries whatever its size.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Project } from '@fieldops/shared/organisation';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { lookups, projects, teamMembers, teams } from '../../../db/schema.ts';

export interface ProjectValues {
  name: string;
  website: string | null;
  typeId: number | null;
  active: boolean;
}

function selectProjects(db: Db, businessId: number) {
  // One pass over the business's sites and placements, grouped by project. A filter on the project
  // id reaches inside the grouping, so one project costs only its own sites.
  const stats = db
    .select({
      projectId: teams.projectId,
      sitesCount: sql<number>`count(distinct ${teams.id})`.as('sites_count'),
      membersCount: sql<number>`count(distinct ${teamMembers.userId})`.as('members_count'),
    })
    .from(teams)
    .leftJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(eq(teams.businessId, businessId))
    .groupBy(teams.projectId)
    .as('project_stats');
  return db
    .select({
      id: projects.id,
      name: projects.name,
      website: projects.website,
      typeId: projects.typeId,
      active: projects.active,
      typeNameEn: lookups.nameEn,
      typeNameAr: lookups.nameAr,
      sitesCount: sql<number>`coalesce(${stats.sitesCount}, 0)`.mapWith(Number),
      membersCount: sql<number>`coalesce(${stats.membersCount}, 0)`.mapWith(Number),
    })
    .from(projects)
    .leftJoin(lookups, eq(lookups.id, projects.typeId))
    .leftJoin(stats, eq(stats.projectId, projects.id))
    .$dynamic();
}

type ProjectRow = Awaited<ReturnType<typeof selectProjects>>[number];

/** A project as listed, without its rank and score (the reports module has them: projects.service.ts). */
export type ProjectListed = Omit<Project, 'rank' | 'averageScore'>;

const toProject = (r: ProjectRow): ProjectListed => ({
  id: r.id,
  name: r.name,
  website: r.website,
  typeId: r.typeId,
  type: r.typeId !== null && r.typeNameEn !== null && r.typeNameAr !== null ? { id: r.typeId, nameEn: r.typeNameEn, nameAr: r.typeNameAr } : null,
  active: r.active,
  sitesCount: r.sitesCount,
  membersCount: r.membersCount,
});

export async function findProjects(db: Db, businessId: number, page: { page: number; size: number }) {
  const where = eq(projects.businessId, businessId);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    selectProjects(db, businessId)
      .where(where)
      .orderBy(asc(projects.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ total: count() }).from(projects).where(where),
  ]);
  return { items: rows.map(toProject), total };
}

export async function findProject(db: Db, businessId: number, id: number): Promise<ProjectListed | null> {
  const [row] = await selectProjects(db, businessId).where(and(eq(projects.businessId, businessId), eq(projects.id, id)));
  return row ? toProject(row) : null;
}

/** The project row, locked for the rest of the transaction when `lock` is set. */
export async function findProjectRow(db: Db, businessId: number, id: number, lock = false) {
  const query = db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.businessId, businessId), eq(projects.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The project's own values (what an update may change), or null when the business has no such project. */
export async function findProjectValues(db: Db, businessId: number, id: number): Promise<ProjectValues | null> {
  const [row] = await db
    .select({ name: projects.name, website: projects.website, typeId: projects.typeId, active: projects.active })
    .from(projects)
    .where(and(eq(projects.businessId, businessId), eq(projects.id, id)));
  return row ?? null;
}

export async function insertProject(db: Db, businessId: number, values: ProjectValues) {
  const [row] = await db
    .insert(projects)
    .values({ businessId, ...values })
    .returning({ id: projects.id });
  return must(row, 'an insert returns its row').id;
}

export async function updateProjectRow(db: Db, businessId: number, id: number, values: ProjectValues) {
  await db
    .update(projects)
    .set(values)
    .where(and(eq(projects.businessId, businessId), eq(projects.id, id)));
}

export async function countSitesOfProject(db: Db, businessId: number, projectId: number) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(teams)
    .where(and(eq(teams.businessId, businessId), eq(teams.projectId, projectId)));
  return n;
}

export async function deleteProjectRow(db: Db, businessId: number, id: number) {
  await db.delete(projects).where(and(eq(projects.businessId, businessId), eq(projects.id, id)));
}
