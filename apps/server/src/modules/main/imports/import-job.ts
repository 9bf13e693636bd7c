// The 'imports.run' job: writes a committed import a batch of rows at a time. Each batch is one
// transaction holding the import's row lock, and each row's outcome is written with what it made,
// so an instance that dies mid-import leaves whole batches done and the job, taken over, carries
// on from the first row without an outcome: every row is written once. A job writes for a few
// seconds and queues the rest as another, so a dead instance's job expires and is retried soon. A row that fails on its
// own (a site deleted since the preview) is marked failed and the rest go on.
import type { FastifyInstance } from 'fastify';
import type { ImportExisting, ImportKind, ImportOutcome } from '@fieldops/shared/imports';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { isConstraintViolation } from '../../../lib/db-errors.ts';
import { AppError } from '../../../lib/errors.ts';
import { addImportedMember, addImportedMembers, placeImportedMember } from '../invitations/invitations.service.ts';
import { addImportedSite, updateImportedSite } from '../teams/teams.service.ts';
import { sendJob, type Queue } from '../../platform/queue/queue.ts';
import type { MemberValues, SiteValues } from './import-checks.ts';
import { findImport, pendingRows, setImportStatus, setRowOutcomes, updateMembership } from './imports.repository.ts';
import { existingOf, rowChecker, type ImportJob, type RowChecker } from './imports.service.ts';

/** Rows a transaction writes: small enough to keep a lock short, large enough to be quick. */
export const IMPORT_BATCH_ROWS = 100;

interface Outcome {
  outcome: ImportOutcome;
  message: string | null;
  resultId: number | null;
}

interface RowContext {
  tx: Db;
  job: ImportJob;
  inviterId: number;
  existing: ImportExisting;
}

async function writeMember(ctx: RowContext, member: MemberValues, existingId: number | null): Promise<Outcome> {
  const { tx, job } = ctx;
  if (existingId !== null) {
    if (ctx.existing === 'SKIP') return { outcome: 'SKIPPED', message: MSG.importExistingSkipped, resultId: existingId };
    await updateMembership(tx, job.businessId, existingId, {
      ...(member.position ? { position: member.position } : {}),
      ...(member.externalId ? { externalId: member.externalId } : {}),
    });
    await placeImportedMember(tx, job.businessId, existingId, member);
    return { outcome: 'UPDATED', message: null, resultId: existingId };
  }
  const userId = await addImportedMember(tx, job.businessId, ctx.inviterId, member, job.appUrl);
  return { outcome: 'CREATED', message: null, resultId: userId };
}

async function writeSite(ctx: RowContext, site: SiteValues, existingId: number | null): Promise<Outcome> {
  const { tx, job } = ctx;
  if (existingId !== null) {
    if (ctx.existing === 'SKIP') return { outcome: 'SKIPPED', message: MSG.importExistingSkipped, resultId: existingId };
    await updateImportedSite(tx, job.businessId, existingId, site);
    return { outcome: 'UPDATED', message: null, resultId: existingId };
  }
  return { outcome: 'CREATED', message: null, resultId: await addImportedSite(tx, job.businessId, site) };
}

/** A row of the batch to write, checked again against the business as it is now. */
interface Pending {
  row: number;
  values: MemberValues | SiteValues | null;
  problem: string | null;
  existingId: number | null;
}

/** One row on its own, in a savepoint when `careful`: a row that fails alone is marked failed. */
async function writeOne(ctx: RowContext, kind: ImportKind, row: Pending, careful: boolean): Promise<Outcome> {
  if (!row.values) return { outcome: 'FAILED', message: row.problem ?? MSG.invalid, resultId: null };
  const write = (tx: Db) => {
    const inner = { ...ctx, tx };
    return kind === 'MEMBERS' ? writeMember(inner, row.values as MemberValues, row.existingId) : writeSite(inner, row.values as SiteValues, row.existingId);
  };
  if (!careful) return write(ctx.tx);
  try {
    return await ctx.tx.transaction(write);
  } catch (err) {
    if (err instanceof AppError) return { outcome: 'FAILED', message: err.message, resultId: null };
    // A row the data's rules refuse fails alone; anything else (a lost connection) fails the batch.
    if (isConstraintViolation(err)) return { outcome: 'FAILED', message: MSG.invalid, resultId: null };
    throw err;
  }
}

/**
 * The outcomes of a batch. New members are made together in a few statements; when `careful` (the
 * batch failed that way), every row is written alone in a savepoint.
 */
async function writeBatch(ctx: RowContext, kind: ImportKind, rows: Pending[], careful: boolean): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>();
  const together = !careful && kind === 'MEMBERS' ? rows.filter((r) => r.values && r.existingId === null) : [];
  if (together.length > 0) {
    const ids = await addImportedMembers(
      ctx.tx,
      ctx.job.businessId,
      ctx.inviterId,
      together.map((r) => r.values as MemberValues),
      ctx.job.appUrl,
    );
    together.forEach((r, i) => outcomes.set(r.row, { outcome: 'CREATED', message: null, resultId: ids[i]! }));
  }
  for (const row of rows) {
    if (!outcomes.has(row.row)) outcomes.set(row.row, await writeOne(ctx, kind, row, careful));
  }
  return outcomes;
}

/**
 * The business's look-ups for the checks (its sites, projects, site types), read once for all the
 * batches of a job: a site removed meanwhile fails only the rows that name it.
 */
type Checkers = Map<ImportKind, RowChecker>;

/** Writes the next batch of the import; true when nothing is left. */
async function runBatch(db: Db, job: ImportJob, checkers: Checkers, careful: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await findImport(tx, job.businessId, job.importId, { lock: true });
    if (!found || found.status === 'DONE' || found.status === 'PREVIEW') return true;
    if (found.status === 'QUEUED') await setImportStatus(tx, job.importId, 'RUNNING');
    const rows = await pendingRows(tx, job.importId, IMPORT_BATCH_ROWS);
    if (rows.length === 0) {
      await setImportStatus(tx, job.importId, 'DONE');
      return true;
    }
    const check = checkers.get(found.kind) ?? (await rowChecker(tx, job.businessId, found.kind));
    checkers.set(found.kind, check);
    const checked = rows.map((r) => ({ row: r.row, ...check(r.values) }));
    const existing = await existingOf(
      tx,
      job.businessId,
      found.kind,
      checked.flatMap((c) => c.matchKey ?? []),
    );
    const pending: Pending[] = checked.map((c) => ({
      row: c.row,
      values: c.values as MemberValues | SiteValues | null,
      problem: c.problems[0]?.message ?? null,
      existingId: c.matchKey ? (existing.get(c.matchKey) ?? null) : null,
    }));
    const ctx: RowContext = { tx, job, inviterId: found.createdBy ?? 0, existing: found.existing };
    await setRowOutcomes(tx, job.importId, await writeBatch(ctx, found.kind, pending, careful));
    return false;
  });
}

/** A batch written together, or, when that fails, again one row at a time. */
async function nextBatch(db: Db, job: ImportJob, checkers: Checkers): Promise<boolean> {
  try {
    return await runBatch(db, job, checkers, false);
  } catch {
    return runBatch(db, job, checkers, true);
  }
}

/**
 * How long one job writes before it hands the rest to a new job: a job is short, so one whose
 * instance died is tried again soon after it expires (EXPIRE_SECONDS in queue.ts), not after the
 * time the whole import could take.
 */
export const IMPORT_SLICE_MS = 15_000;

/** Writes batches of the import for about IMPORT_SLICE_MS, then queues the rest as a new job. */
export async function runImport(db: Db, job: ImportJob, sliceMs = IMPORT_SLICE_MS): Promise<void> {
  const started = Date.now();
  const checkers: Checkers = new Map();
  // Each batch commits before the next begins: progress is visible, and a crash loses at most one.
  while (!(await nextBatch(db, job, checkers))) {
    if (Date.now() - started >= sliceMs) {
      await sendJob<ImportJob>(db, 'imports.run', job);
      return;
    }
  }
}

export async function workImports(queue: Queue, app: FastifyInstance): Promise<void> {
  await queue.work<ImportJob>('imports.run', (data) => runImport(app.db, data));
}
