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
import { AppError } from '../../../lib/errors.ts';
import { addImportedMember, placeImportedMember } from '../invitations/invitations.service.ts';
import { addImportedSite, updateImportedSite } from '../teams/teams.service.ts';
import { sendJob, type Queue } from '../../platform/queue/queue.ts';
import type { MemberValues, SiteValues } from './import-checks.ts';
import { findImport, pendingRows, setImportStatus, setRowOutcome, updateMembership } from './imports.repository.ts';
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

/** One row in a savepoint of the batch: a row that fails alone rolls back alone. */
async function writeRow(ctx: RowContext, kind: ImportKind, check: RowChecker, values: Record<string, string>, existing: Map<string, number>): Promise<Outcome> {
  const checked = check(values);
  if (!checked.values) return { outcome: 'FAILED', message: checked.problems[0]?.message ?? MSG.invalid, resultId: null };
  const existingId = checked.matchKey ? (existing.get(checked.matchKey) ?? null) : null;
  try {
    return await ctx.tx.transaction((savepoint) => {
      const inner = { ...ctx, tx: savepoint };
      return kind === 'MEMBERS' ? writeMember(inner, checked.values as MemberValues, existingId) : writeSite(inner, checked.values as SiteValues, existingId);
    });
  } catch (err) {
    if (err instanceof AppError) return { outcome: 'FAILED', message: err.message, resultId: null };
    throw err;
  }
}

/** Writes the next batch of the import; true when nothing is left. */
async function runBatch(db: Db, job: ImportJob): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await findImport(tx, job.businessId, job.importId, { lock: true });
    if (!found || found.status === 'DONE' || found.status === 'PREVIEW') return true;
    if (found.status === 'QUEUED') await setImportStatus(tx, job.importId, 'RUNNING');
    const rows = await pendingRows(tx, job.importId, IMPORT_BATCH_ROWS);
    if (rows.length === 0) {
      await setImportStatus(tx, job.importId, 'DONE');
      return true;
    }
    const check = await rowChecker(tx, job.businessId, found.kind);
    const keys = rows.flatMap((r) => check(r.values).matchKey ?? []);
    const existing = await existingOf(tx, job.businessId, found.kind, keys);
    const ctx: RowContext = { tx, job, inviterId: found.createdBy ?? 0, existing: found.existing };
    for (const row of rows) {
      const done = await writeRow(ctx, found.kind, check, row.values, existing);
      await setRowOutcome(tx, job.importId, row.row, done.outcome, done.message, done.resultId);
    }
    return false;
  });
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
  // Each batch commits before the next begins: progress is visible, and a crash loses at most one.
  while (!(await runBatch(db, job))) {
    if (Date.now() - started >= sliceMs) {
      await sendJob<ImportJob>(db, 'imports.run', job);
      return;
    }
  }
}

export async function workImports(queue: Queue, app: FastifyInstance): Promise<void> {
  await queue.work<ImportJob>('imports.run', (data) => runImport(app.db, data));
}
