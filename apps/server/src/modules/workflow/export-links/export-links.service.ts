// Links for exported files (DESIGN §13, public links): a report someone keeps (a PDF, a
// spreadsheet) names the photos and voice notes of its answers by links that work for as long as
// the business wants: a row per export, scoped to that export's files of one business, expiring
// (a year unless asked otherwise) and revocable. The link holds a random token; the row keeps
// only its hash, so the table alone opens nothing.
import crypto from 'node:crypto';
import { API_BASES, EXPORT_LINK_DEFAULT_DAYS } from '@fieldops/shared/limits';
import type { ExportLinkCreated, ExportLinkRequest } from '@fieldops/shared/reports';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { isAdmin } from '../../../plugins/auth.ts';
import type { Caller } from '../../../policies/caller.ts';
import { visibleAnswerFilesOf } from '../action-results/action-results.service.ts';
import { findExportLinks, findLiveLinkTo, insertExportLink, revokeExportLink } from './export-links.repository.ts';

export const EXPORT_LINKS_ROUTE = `${API_BASES.main}/export-links`;
const DAY_MS = 24 * 60 * 60 * 1000;

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The link to one file of an export: `/api/export-links/{token}/{key}`. */
export const exportFileUrl = (token: string, key: string) => `${EXPORT_LINKS_ROUTE}/${token}/${key}`;

/**
 * Links for an export's files, each the photo or voice note of an answer the caller sees; a file
 * that is not answers 404, as another business's would, and no link is made.
 */
export async function createExportLink(db: Db, caller: Caller, request: ExportLinkRequest, now = new Date()): Promise<ExportLinkCreated> {
  const keys = [...new Set(request.files)];
  const visible = await visibleAnswerFilesOf(db, caller, keys);
  if (keys.some((key) => !visible.has(key))) throw notFound();
  const token = crypto.randomBytes(32).toString('base64url');
  const row = await insertExportLink(db, {
    businessId: caller.businessId,
    tokenHash: hashOf(token),
    files: keys,
    creatorId: caller.userId,
    expiresAt: new Date(now.getTime() + (request.days ?? EXPORT_LINK_DEFAULT_DAYS) * DAY_MS),
  });
  return { id: row.id, expiresAt: row.expiresAt.toISOString(), files: keys.map((key) => ({ key, url: exportFileUrl(token, key) })) };
}

/** When the link to `key` stops working, or null when it does not open it (unknown, revoked, expired, another file). */
export async function liveExportLink(db: Db, token: string, key: string, now = new Date()): Promise<Date | null> {
  if (!TOKEN.test(token)) return null;
  return (await findLiveLinkTo(db, hashOf(token), key, now))?.expiresAt ?? null;
}

/** Owners and admins see and revoke every export's links; anyone else the ones they made. */
const creatorFilter = (caller: Caller) => (isAdmin(caller) ? null : caller.userId);

export const listExportLinks = (db: Db, caller: Caller, page: { page: number; size: number }) =>
  findExportLinks(db, caller.businessId, creatorFilter(caller), page);

export async function revokeLink(db: Db, caller: Caller, id: number, now = new Date()): Promise<void> {
  if (!(await revokeExportLink(db, caller.businessId, id, creatorFilter(caller), now))) throw notFound();
}
