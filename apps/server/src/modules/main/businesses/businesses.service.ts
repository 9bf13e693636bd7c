// The rules of businesses: a business is read and changed only from inside it (a path naming
// another business answers 404), its industry is one of the list, and a new logo replaces the
// old file only once the row points at the new one.
import type { FastifyInstance } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { z } from 'zod';
import type { Business, businessUpdateRequest, Lookups } from '@fieldops/shared/account';
import type { BusinessRole, LookupKind } from '@fieldops/shared/enums';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { changedFields } from '../../../lib/audit-changes.ts';
import { fieldError, notFound } from '../../../lib/errors.ts';
import { keepUploads, removeReleased, storePicture } from '../../../lib/uploads.ts';
import type { Caller } from '../../../policies/caller.ts';
import { keyOfUrl } from '../../../plugins/storage.ts';
import { recordEvent } from '../../platform/events/events.service.ts';
import { sendJob } from '../../platform/queue/queue.ts';
import {
  findBusiness,
  findBusinessesOfUser,
  findIndustries,
  findLookups,
  industryExists,
  lookupExists,
  replaceLookups,
  updateBusinessRow,
  type BusinessRow,
} from './businesses.repository.ts';

/** A change of the business's profile or settings, for the audit log (what changed, before and after). */
export const recordBusinessChange = (
  tx: Db,
  caller: Caller,
  name: string | null,
  change: { before: Record<string, unknown>; after: Record<string, unknown> },
) =>
  recordEvent(tx, {
    businessId: caller.businessId,
    kind: 'business.updated',
    actorId: caller.userId,
    data: { target: { type: 'business', id: caller.businessId, name }, ...change },
  });

export const toBusiness = (row: BusinessRow, role: BusinessRole): Business => ({
  id: row.id,
  name: row.name,
  colour: row.colour,
  logo: row.logo,
  ownershipType: role,
  apiKey: row.apiKey,
  timeZone: row.timeZone,
  industryId: row.industryId,
  managedProfile: row.managedProfile,
  lateAnswerHours: row.lateAnswerHours,
});

export const listIndustries = (db: Db) => findIndustries(db);

export async function listBusinessesOfUser(db: Db, userId: number): Promise<Business[]> {
  const rows = await findBusinessesOfUser(db, userId);
  return rows.map((r) => toBusiness(r.business, r.role));
}

/** The business's row, or null when it is gone. */
export const businessRowOf = (db: Db, businessId: number) => findBusiness(db, businessId);

/** The request's own business, or 404 when the path names another one. */
export async function requireOwnBusiness(db: Db, caller: Caller, businessId: number) {
  const row = businessId === caller.businessId ? await findBusiness(db, businessId) : null;
  if (!row) throw notFound(MSG.businessNotFound);
  return row;
}

/** 400 on `industryId` unless it is one of the industries list. */
export async function requireIndustry(db: Db, industryId: number) {
  if (!(await industryExists(db, industryId))) throw fieldError('industryId', MSG.industryNotFound);
}

export async function updateBusiness(db: Db, caller: Caller, businessId: number, body: z.output<typeof businessUpdateRequest>) {
  const current = await requireOwnBusiness(db, caller, businessId);
  const { industryId, ...rest } = body;
  if (industryId) await requireIndustry(db, industryId);
  const next = { ...rest, industryId: industryId ?? null };
  const change = changedFields({ ...current }, next);
  const row = await db.transaction(async (tx) => {
    const updated = await updateBusinessRow(tx, caller.businessId, next);
    if (change) await recordBusinessChange(tx, caller, updated.name, change);
    // The working hours are hours of the business's zone: the tickets' SLA instants move with it.
    // Named rather than called, as for a change of the calendar (business-calendar.service.ts).
    if (rest.timeZone !== undefined && rest.timeZone !== current.timeZone) {
      await sendJob(tx, 'sla.recompute', { businessId }, { singletonKey: `b${businessId}` });
    }
    return updated;
  });
  return toBusiness(row, caller.role);
}

/** Stores the new logo first and removes the old file only after the row points at the new one. */
export async function replaceLogo(app: FastifyInstance, caller: Caller, current: BusinessRow, file: MultipartFile) {
  const stored = await storePicture(file);
  const row = await app.db.transaction(async (tx) => {
    const updated = await updateBusinessRow(tx, caller.businessId, { logo: stored.url });
    await recordBusinessChange(tx, caller, updated.name, { before: { logo: current.logo }, after: { logo: stored.url } });
    return updated;
  });
  keepUploads(file);
  await removeReleased(app, keyOfUrl(current.logo));
  return toBusiness(row, caller.role);
}

export const lookupsOf = (db: Db, businessId: number) => findLookups(db, businessId);

/** Whether `id` is a lookup of that kind in the business. */
export const isLookupOf = (db: Db, businessId: number, kind: LookupKind, id: number) => lookupExists(db, businessId, kind, id);

/** Replaces the business's lookups: listed ids are kept and renamed, new ones added, the rest removed. */
export async function updateLookups(db: Db, caller: Caller, next: Lookups) {
  const { businessId } = caller;
  const before = await findLookups(db, businessId);
  await db.transaction(async (tx) => {
    await replaceLookups(tx, businessId, next);
    const change = changedFields({ lookups: before }, { lookups: next });
    if (change) await recordBusinessChange(tx, caller, null, change);
  });
  return findLookups(db, businessId);
}

/** Whether the business shows members the profile it manages (false when it is gone). */
export async function managedProfileOf(db: Db, businessId: number) {
  const row = await findBusiness(db, businessId);
  return { managedProfile: row?.managedProfile ?? false };
}
