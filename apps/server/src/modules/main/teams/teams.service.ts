// The rules of sites: the project and the site type must be the business's own, and deleting a
// site takes its member placements with it in one transaction.
import type { z } from 'zod';
import { MSG } from '@fieldops/shared/messages';
import type { siteRequest, siteUpdateRequest } from '@fieldops/shared/organisation';
import { must } from '@fieldops/shared/must';
import type { Db } from '../../../db/client.ts';
import { changedFields } from '../../../lib/audit-changes.ts';
import { fieldError, missingReference, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { isLookupOf } from '../businesses/businesses.service.ts';
import { requireProjectRow } from '../projects/projects.service.ts';
import { withRanksOverLastMonth } from '../../workflow/reports/reports.service.ts';
import {
  deleteSiteRows,
  findSite,
  findSitePlaces,
  findSiteRows,
  findSites,
  findSiteValues,
  insertSite,
  updateSiteRow,
  type SiteFilter,
  type SiteValues,
} from './teams.repository.ts';

type SiteInput = z.output<typeof siteRequest>;
export type { SiteValues };

async function valuesOf(db: Db, businessId: number, body: SiteInput) {
  await requireProjectRow(db, businessId, body.projectId, 'projectId');
  const typeId = body.typeId ?? null;
  if (typeId !== null && !(await isLookupOf(db, businessId, 'TEAM_TYPE', typeId))) {
    throw fieldError('typeId', MSG.siteTypeNotFound);
  }
  const { name, projectId, latitude, longitude, radius, polygon, externalId, whatsApp } = body;
  return { name, projectId, latitude, longitude, radius, polygon, typeId, externalId, whatsApp };
}

/** A page of the business's sites meeting the filter, each with its rank over the last 30 days. */
export async function listSites(db: Db, businessId: number, filter: SiteFilter, page: { page: number; size: number }) {
  const { items, total } = await findSites(db, businessId, filter, page);
  return { items: await withRanksOverLastMonth(db, businessId, 'teams', items), total };
}

/** Every site of the business with a pin, for a map, and how many have none. */
export const listSitePlaces = (db: Db, businessId: number) => findSitePlaces(db, businessId);

/** The sites of a project the business has (404 otherwise), a page at a time. */
export async function listSitesOfProject(db: Db, businessId: number, projectId: number, page: { page: number; size: number }) {
  await requireProjectRow(db, businessId, projectId);
  return listSites(db, businessId, { projectId }, page);
}

export async function requireSite(db: Db, businessId: number, id: number) {
  const found = await findSite(db, businessId, id);
  if (!found) throw notFound(MSG.siteNotFound);
  const [site] = await withRanksOverLastMonth(db, businessId, 'teams', [found]);
  return must(site, 'withRanksOverLastMonth answers one item per item given');
}

/** The bare rows of those of `ids` that are sites of the business. */
export const siteRowsOf = (db: Db, businessId: number, ids: number[]) => findSiteRows(db, businessId, ids);

/** The bare rows of `ids`; 404 (naming `field` when given) unless every one is the business's. */
export async function requireSiteRows(db: Db, businessId: number, ids: number[], field?: string) {
  const rows = await findSiteRows(db, businessId, ids);
  if (rows.length !== new Set(ids).size) throw field ? missingReference(field, MSG.siteNotFound) : notFound(MSG.siteNotFound);
  return rows;
}

/** The one site's row, under the same rule as requireSiteRows. */
export async function requireSiteRow(db: Db, businessId: number, id: number, field?: string) {
  const [row] = await requireSiteRows(db, businessId, [id], field);
  return must(row, 'requireSiteRows answers one row per id');
}

const target = (id: number, name: string) => ({ type: 'site', id, name });

export async function createSite(db: Db, caller: Caller, body: SiteInput) {
  const { businessId } = caller;
  const values = await valuesOf(db, businessId, body);
  const id = await db.transaction(async (tx) => {
    const made = await insertSite(tx, businessId, values);
    await recordEvent(tx, { businessId, kind: 'site.created', actorId: caller.userId, data: { target: target(made, values.name), after: { ...values } } });
    return made;
  });
  return requireSite(db, businessId, id);
}

export async function updateSite(db: Db, caller: Caller, body: z.output<typeof siteUpdateRequest>) {
  const { businessId } = caller;
  const before = await findSiteValues(db, businessId, body.id);
  if (!before) throw notFound(MSG.siteNotFound);
  const values = await valuesOf(db, businessId, body);
  const change = changedFields({ ...before }, { ...values });
  await db.transaction(async (tx) => {
    await updateSiteRow(tx, businessId, body.id, values);
    if (change) await recordEvent(tx, { businessId, kind: 'site.updated', actorId: caller.userId, data: { target: target(body.id, values.name), ...change } });
  });
  return requireSite(db, businessId, body.id);
}

export async function deleteSite(db: Db, caller: Caller, id: number) {
  const { businessId } = caller;
  const [row] = await requireSiteRows(db, businessId, [id]);
  const name = row?.name ?? '';
  // Execution plans of the site join this transaction when the schedules module arrives.
  await db.transaction(async (tx) => {
    await deleteSiteRows(tx, businessId, id);
    await recordEvent(tx, {
      businessId,
      kind: 'site.deleted',
      actorId: caller.userId,
      data: { target: target(id, name), before: { name, projectId: row?.projectId ?? null } },
    });
  });
}

/**
 * A site of a bulk import, in the import's transaction: its project and type were looked up among
 * the business's own by the import's checks.
 */
export const addImportedSite = (tx: Db, businessId: number, values: Omit<SiteValues, 'whatsApp'>) => insertSite(tx, businessId, { whatsApp: null, ...values });
export const updateImportedSite = (tx: Db, businessId: number, id: number, values: Partial<SiteValues>) => updateSiteRow(tx, businessId, id, values);
