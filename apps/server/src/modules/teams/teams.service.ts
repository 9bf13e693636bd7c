// The rules of sites: the project and the site type must be the business's own, and deleting a
// site takes its member placements with it in one transaction.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { siteRequest, siteUpdateRequest } from '@fieldops/shared/organisation';
import type { Db } from '../../db/client.ts';
import { fieldError, missingReference, notFound } from '../../lib/errors.ts';
import { lookupExists } from '../businesses/businesses.repository.ts';
import { requireProjectRow } from '../projects/projects.service.ts';
import { deleteSiteRows, findSite, findSiteRows, insertSite, updateSiteRow } from './teams.repository.ts';

type SiteInput = z.output<typeof siteRequest>;

async function valuesOf(db: Db, businessId: number, body: SiteInput) {
  await requireProjectRow(db, businessId, body.projectId, 'projectId');
  const typeId = body.typeId ?? null;
  if (typeId !== null && !(await lookupExists(db, businessId, 'TEAM_TYPE', typeId))) {
    throw fieldError('typeId', MSG.siteTypeNotFound);
  }
  const { name, projectId, latitude, longitude, radius, externalId, whatsApp } = body;
  return { name, projectId, latitude, longitude, radius, typeId, externalId, whatsApp };
}

export async function requireSite(db: Db, businessId: number, id: number) {
  const found = await findSite(db, businessId, id);
  if (!found) throw notFound(MSG.siteNotFound);
  return found;
}

/** The bare rows of `ids`; 404 (naming `field` when given) unless every one is the business's. */
export async function requireSiteRows(db: Db, businessId: number, ids: number[], field?: string) {
  const rows = await findSiteRows(db, businessId, ids);
  if (rows.length !== new Set(ids).size) throw field ? missingReference(field, MSG.siteNotFound) : notFound(MSG.siteNotFound);
  return rows;
}

export async function createSite(db: Db, businessId: number, body: SiteInput) {
  const id = await insertSite(db, businessId, await valuesOf(db, businessId, body));
  return requireSite(db, businessId, id);
}

export async function updateSite(db: Db, businessId: number, body: z.output<typeof siteUpdateRequest>) {
  await requireSiteRows(db, businessId, [body.id]);
  await updateSiteRow(db, businessId, body.id, await valuesOf(db, businessId, body));
  return requireSite(db, businessId, body.id);
}

export async function deleteSite(db: Db, businessId: number, id: number) {
  await requireSiteRows(db, businessId, [id]);
  // Execution plans of the site join this transaction when the schedules module arrives.
  await db.transaction((tx) => deleteSiteRows(tx, businessId, id));
}
