// Bulk imports of members and sites, for owners and admins. An upload is read and checked into a
// preview that writes nothing but the import's own rows; the person fixes or skips rows in place,
// chooses what happens to members or sites the business already has, and commits. The commit
// queues one job (import-job.ts) in its transaction.
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  type ImportExisting,
  type ImportKind,
  type ImportRow,
  type ImportRowUpdate,
  type ImportSummary,
} from '@fieldops/shared/imports';
import type { Language } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import type { Caller } from '../../../policies/caller.ts';
import { recordExport } from '../../platform/audit/audit-log.service.ts';
import { sendJob, type JobData } from '../../platform/queue/queue.ts';
import { checkMemberRow, checkSiteRow, type Checked, type MemberLookups, type SiteLookups } from './import-checks.ts';
import type { FileRow } from './import-files.ts';
import {
  deleteImport,
  existingMembers,
  existingSites,
  findImport,
  findImportRow,
  findImportRows,
  findImportRowsAfter,
  findImportSummaries,
  findImportSummary,
  insertImport,
  insertImportRows,
  markCommitted,
  projectKeys,
  siteKeys,
  siteTypeKeys,
  updateImportRow,
  type NewImportRow,
} from './imports.repository.ts';

export { createdUserIds as usersCreatedByImport } from './imports.repository.ts';

/** The job that writes a committed import. */
export interface ImportJob extends JobData {
  businessId: number;
  importId: number;
  appUrl: string;
}

/** The checks of one kind with the business's look-ups, loaded once for a file. */
export type RowChecker = (values: Record<string, string>) => Checked<object>;

export async function rowChecker(db: Db, businessId: number, kind: ImportKind): Promise<RowChecker> {
  if (kind === 'MEMBERS') {
    const lookups: MemberLookups = { sites: await siteKeys(db, businessId) };
    return (values) => checkMemberRow(values, lookups);
  }
  const lookups: SiteLookups = { projects: await projectKeys(db, businessId), siteTypes: await siteTypeKeys(db, businessId) };
  return (values) => checkSiteRow(values, lookups);
}

/** The members or sites of the business that rows with these match keys name, by key. */
export const existingOf = (db: Db, businessId: number, kind: ImportKind, keys: readonly string[]) =>
  kind === 'MEMBERS' ? existingMembers(db, businessId, keys) : existingSites(db, businessId, keys);

async function checkedRows(db: Db, businessId: number, kind: ImportKind, rows: readonly FileRow[]): Promise<NewImportRow[]> {
  const check = await rowChecker(db, businessId, kind);
  const checked = rows.map((r) => {
    const { problems, matchKey } = check(r.values);
    return { row: r.row, values: r.values, problems, matchKey };
  });
  const keys = [...new Set(checked.flatMap((r) => (r.matchKey ? [r.matchKey] : [])))];
  const existing = new Map<string, number>();
  for (let at = 0; at < keys.length; at += 1000) {
    for (const [key, id] of await existingOf(db, businessId, kind, keys.slice(at, at + 1000))) existing.set(key, id);
  }
  return checked.map((r) => ({
    row: r.row,
    values: r.values,
    problems: r.problems,
    matchKey: r.matchKey,
    existingId: r.matchKey ? (existing.get(r.matchKey) ?? null) : null,
  }));
}

/** The bytes of an uploaded file, refused with a 413 past IMPORT_MAX_BYTES. */
async function readLimited(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > IMPORT_MAX_BYTES) {
      stream.resume();
      throw new AppError(413, MSG.importTooLarge, { fieldErrors: [{ field: 'file', message: MSG.importTooLarge }] });
    }
    chunks.push(chunk as Buffer);
  }
  // The multipart reader stops a file at its own limit and marks it cut short.
  if ((stream as Readable & { truncated?: boolean }).truncated) throw new AppError(413, MSG.importTooLarge);
  return Buffer.concat(chunks);
}

// The file readers and writers (exceljs, papaparse) are loaded with the first import, template or
// result an instance makes: some 40 MB that an instance serving the field need not hold.
const loadFileReader = () => import('./import-files.ts');
const loadSheets = () => import('./import-sheets.ts');

/** The template of an import of `kind`, with English or Arabic headings. */
export async function importTemplate(kind: ImportKind, language: Language): Promise<Buffer> {
  const { templateWorkbook } = await loadSheets();
  return templateWorkbook(kind, language);
}

/** Reads and checks an uploaded file into a new import's preview; nothing else is written. */
export async function startImport(db: Db, caller: Caller, kind: ImportKind, readFile: () => Promise<MultipartFile | undefined>): Promise<ImportSummary> {
  const file = await readFile();
  if (!file) throw badRequest(MSG.fileMissing, [{ field: 'file', message: MSG.fileMissing }]);
  const data = await readLimited(file.file);
  const { readImportFile } = await loadFileReader();
  const rows = await checkedRows(db, caller.businessId, kind, await readImportFile(kind, data));
  const fileName = (file.filename || 'import').slice(0, 200);
  const id = await db.transaction(async (tx) => {
    const made = await insertImport(tx, { businessId: caller.businessId, kind, fileName, totalRows: rows.length, createdBy: caller.userId });
    await insertImportRows(tx, caller.businessId, made, rows);
    return made;
  });
  return requireImportSummary(db, caller.businessId, id);
}

export async function requireImportSummary(db: Db, businessId: number, id: number): Promise<ImportSummary> {
  const found = await findImportSummary(db, businessId, id);
  if (!found) throw notFound(MSG.importNotFound);
  return found;
}

export const listImports = (db: Db, businessId: number) => findImportSummaries(db, businessId, 20);

async function requireImport(db: Db, businessId: number, id: number, options: { lock?: boolean } = {}) {
  const found = await findImport(db, businessId, id, options);
  if (!found) throw notFound(MSG.importNotFound);
  return found;
}

export async function listImportRows(db: Db, businessId: number, id: number, filter: 'all' | 'problems' | 'existing', page: { page: number; size: number }) {
  await requireImport(db, businessId, id);
  return findImportRows(db, id, filter, page);
}

/** Fixes a row of a preview (the values given replace the row's) or skips it; answers it checked again. */
export async function updateRow(db: Db, businessId: number, id: number, row: number, body: ImportRowUpdate): Promise<ImportRow> {
  return db.transaction(async (tx) => {
    const found = await requireImport(tx, businessId, id, { lock: true });
    if (found.status !== 'PREVIEW') throw conflict(MSG.importStarted);
    const current = await findImportRow(tx, id, row);
    if (!current) throw notFound(MSG.importNotFound);
    if (body.values) {
      const known = new Set(IMPORT_COLUMNS[found.kind].map((c) => c.key));
      const values = { ...current.values };
      for (const [key, value] of Object.entries(body.values)) if (known.has(key)) values[key] = value.slice(0, 1000);
      const [checked] = await checkedRows(tx, businessId, found.kind, [{ row, values }]);
      await updateImportRow(tx, id, row, { values, problems: checked!.problems, matchKey: checked!.matchKey, existingId: checked!.existingId });
    }
    if (body.skip !== undefined) await updateImportRow(tx, id, row, { skip: body.skip });
    return (await findImportRow(tx, id, row))!;
  });
}

/** Commits a preview: its ready rows are written by a job, queued in this transaction. */
export async function commitImport(db: Db, caller: Caller, id: number, existing: ImportExisting, appUrl: string): Promise<ImportSummary> {
  await db.transaction(async (tx) => {
    const found = await requireImport(tx, caller.businessId, id, { lock: true });
    if (found.status !== 'PREVIEW') throw conflict(MSG.importStarted);
    const summary = await requireImportSummary(tx, caller.businessId, id);
    if (summary.readyRows === 0) throw conflict(MSG.importNothingReady);
    await markCommitted(tx, id, existing);
    await sendJob<ImportJob>(tx, 'imports.run', { businessId: caller.businessId, importId: id, appUrl });
  });
  return requireImportSummary(db, caller.businessId, id);
}

/** Discards a preview; a committed import stays, as the record of what it wrote. */
export async function discardImport(db: Db, businessId: number, id: number) {
  await db.transaction(async (tx) => {
    const found = await requireImport(tx, businessId, id, { lock: true });
    if (found.status !== 'PREVIEW') throw conflict(MSG.importStarted);
    await deleteImport(tx, businessId, id);
  });
}

/** Every row's outcome as a workbook in `language`, read a thousand rows at a time; 409 before the import is done. */
/** Every row's outcome as a workbook; recorded as an export (its rows hold the people and sites imported). */
export async function importResultFile(db: Db, caller: Caller, id: number, language: Language) {
  const summary = await requireImportSummary(db, caller.businessId, id);
  if (summary.status !== 'DONE') throw conflict(MSG.importNotFinished);
  async function* pages(): AsyncIterable<ImportRow[]> {
    for (let after = 0; ;) {
      const rows = await findImportRowsAfter(db, id, after, 1000);
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1]!.row;
    }
  }
  const { resultWorkbook } = await loadSheets();
  const bytes = await resultWorkbook(summary.kind, language, pages());
  await recordExport(
    db,
    caller,
    { what: 'import_result', format: 'xlsx', rows: summary.totalRows, filters: { kind: summary.kind, language } },
    { type: 'import', id, name: summary.fileName },
  );
  return { fileName: `import-${id}-result.xlsx`, bytes };
}
