// The rules of projects: a type must be one of the business's project types, and a project is
// deleted only once it has no sites left.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { projectRequest, projectUpdateRequest } from '@fieldops/shared/organisation';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { changedFields } from '../../../lib/audit-changes.ts';
import { conflict, fieldError, missingReference, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { isLookupOf } from '../businesses/businesses.service.ts';
import { withRanksOverLastMonth } from '../../workflow/reports/reports.service.ts';
import {
  countSitesOfProject,
  deleteProjectRow,
  findProject,
  findProjectRow,
  findProjects,
  findProjectValues,
  insertProject,
  updateProjectRow,
} from './projects.repository.ts';

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

const target = (id: number, name: string) => ({ type: 'project', id, name });

export async function createProject(db: Db, caller: Caller, body: ProjectInput) {
  const { businessId } = caller;
  const values = await valuesOf(db, businessId, body);
  const id = await db.transaction(async (tx) => {
    const made = await insertProject(tx, businessId, values);
    await recordEvent(tx, { businessId, kind: 'project.created', actorId: caller.userId, data: { target: target(made, values.name), after: { ...values } } });
    return made;
  });
  return requireProject(db, businessId, id);
}

export async function updateProject(db: Db, caller: Caller, body: z.output<typeof projectUpdateRequest>) {
  const { businessId } = caller;
  const before = await findProjectValues(db, businessId, body.id);
  if (!before) throw notFound(MSG.projectNotFound);
  const values = await valuesOf(db, businessId, body);
  const change = changedFields({ ...before }, { ...values });
  await db.transaction(async (tx) => {
    await updateProjectRow(tx, businessId, body.id, values);
    if (change)
      await recordEvent(tx, { businessId, kind: 'project.updated', actorId: caller.userId, data: { target: target(body.id, values.name), ...change } });
  });
  return requireProject(db, businessId, body.id);
}

export async function deleteProject(db: Db, caller: Caller, id: number) {
  const { businessId } = caller;
  await db.transaction(async (tx) => {
    // The lock makes a site being added at the same moment wait, so the count below is final.
    const row = await findProjectRow(tx, businessId, id, true);
    if (!row) throw notFound(MSG.projectNotFound);
    if ((await countSitesOfProject(tx, businessId, id)) > 0) throw conflict(MSG.projectHasSites);
    await deleteProjectRow(tx, businessId, id);
    await recordEvent(tx, { businessId, kind: 'project.deleted', actorId: caller.userId, data: { target: target(id, row.name), before: { name: row.name } } });
  });
}
