// The rules of projects: a type must be one of the business's project types, and a project is
// deleted only once it has no sites left.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { projectRequest, projectUpdateRequest } from '@fieldops/shared/organisation';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { conflict, fieldError, missingReference, notFound } from '../../../lib/errors.ts';
import { isLookupOf } from '../businesses/businesses.service.ts';
import { withRanksOverLastMonth } from '../../workflow/reports/reports.service.ts';
import { countSitesOfProject, deleteProjectRow, findProject, findProjectRow, findProjects, insertProject, updateProjectRow } from './projects.repository.ts';

type ProjectInput = z.output<typeof projectRequest>;

async function valuesOf(db: Db, businessId: number, body: ProjectInput) {
  const typeId = body.typeId ?? null;
  if (typeId !== null && !(await isLookupOf(db, businessId, 'PROJECT_TYPE', typeId))) {
    throw fieldError('typeId', MSG.projectTypeNotFound);
  }
  return { name: body.name, website: body.website, typeId, active: body.active };
}

/** A page of the business's projects, each with its rank over the last 30 days. */
export async function listProjects(db: Db, businessId: number, page: { page: number; size: number }) {
  const { items, total } = await findProjects(db, businessId, page);
  return { items: await withRanksOverLastMonth(db, businessId, 'projects', items), total };
}

export async function requireProject(db: Db, businessId: number, id: number) {
  const found = await findProject(db, businessId, id);
  if (!found) throw notFound(MSG.projectNotFound);
  const [project] = await withRanksOverLastMonth(db, businessId, 'projects', [found]);
  return must(project, 'withRanksOverLastMonth answers one item per item given');
}

/** The bare project row; 404 (naming `field` when the id came in a body) when it is not the business's. */
export async function requireProjectRow(db: Db, businessId: number, id: number, field?: string) {
  const row = await findProjectRow(db, businessId, id);
  if (!row) throw field ? missingReference(field, MSG.projectNotFound) : notFound(MSG.projectNotFound);
  return row;
}

export async function createProject(db: Db, businessId: number, body: ProjectInput) {
  const id = await insertProject(db, businessId, await valuesOf(db, businessId, body));
  return requireProject(db, businessId, id);
}

export async function updateProject(db: Db, businessId: number, body: z.output<typeof projectUpdateRequest>) {
  await requireProjectRow(db, businessId, body.id);
  await updateProjectRow(db, businessId, body.id, await valuesOf(db, businessId, body));
  return requireProject(db, businessId, body.id);
}

export async function deleteProject(db: Db, businessId: number, id: number) {
  await db.transaction(async (tx) => {
    // The lock makes a site being added at the same moment wait, so the count below is final.
    if (!(await findProjectRow(tx, businessId, id, true))) throw notFound(MSG.projectNotFound);
    if ((await countSitesOfProject(tx, businessId, id)) > 0) throw conflict(MSG.projectHasSites);
    await deleteProjectRow(tx, businessId, id);
  });
}
