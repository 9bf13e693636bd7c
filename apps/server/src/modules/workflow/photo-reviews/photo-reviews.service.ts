// Photo evidence (DESIGN §13). Each answer photo is checked by the 'photos.check' job, queued in
// the answer's transaction: its perceptual hash is kept, and a photo that nearly matches one given
// before anywhere in the business goes to the review queue, as does one whose metadata time is far
// from the answer's capture time (the device reads it), and a random share of the rest (the
// business's sample, kept per site and week: photo-sample.ts). Owners and admins review every
// site's photos, supervisors their sites'.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  NEAR_DUPLICATE_BITS,
  type PhotoReview,
  type PhotoReviewCounts,
  type photoReviewCountsQuery,
  type PhotoReviewSettings,
  type PhotoReviewsQuery,
  type PhotoVerdict,
  type ReviewedPhoto,
} from '@fieldops/shared/evidence';
import { MSG } from '@fieldops/shared/messages';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { fileUrl } from '../../../plugins/storage.ts';
import type { Caller } from '../../../policies/caller.ts';
import { requireSomeManagement, viewScopeOf } from '../../../policies/schedules.ts';
import { sendJob, type JobData, type Queue } from '../../platform/queue/queue.ts';
import { answerIdsMatching } from '../action-results/action-results.service.ts';
import { photoHash } from './photo-hash.ts';
import { isSampled } from './photo-sample.ts';
import {
  countReviews,
  findAnswerPhoto,
  findPhotoAnswers,
  findReview,
  findReviews,
  insertPhotoCheck,
  lockPhotoChecks,
  nearestPhoto,
  photoCheckExists,
  samplePercentOf,
  siteWeekOf,
  setSamplePercent,
  updateVerdict,
  type PhotoReviewRow,
} from './photo-reviews.repository.ts';

export interface PhotoCheckJob extends JobData {
  businessId: number;
  answerId: number;
}

/** Queues the check of an answer's photo, in the transaction `tx` that stores the answer. */
export async function queuePhotoCheck(tx: Db, businessId: number, answerId: number): Promise<void> {
  await sendJob<PhotoCheckJob>(tx, 'photos.check', { businessId, answerId });
}

/**
 * Hashes the answer's photo and places it in the review queue when it nearly matches an earlier
 * one or is drawn for the sample. Run again (a retry, a second copy), it changes nothing.
 * `draw` picks the sample: a number from 0 to 100.
 */
export async function checkPhoto(app: FastifyInstance, { businessId, answerId }: PhotoCheckJob, draw = () => Math.random() * 100): Promise<void> {
  const answer = await findAnswerPhoto(app.db, businessId, answerId);
  if (!answer?.fileKey || (await photoCheckExists(app.db, answerId))) return;
  const data = await app.storage.read(answer.fileKey);
  const hash = data ? await photoHash(data) : null;
  await app.db.transaction(async (tx) => {
    await lockPhotoChecks(tx, businessId);
    if (await photoCheckExists(tx, answerId)) return;
    const nearest = hash === null ? null : await nearestPhoto(tx, businessId, answerId, hash);
    const duplicate = nearest && nearest.distance <= NEAR_DUPLICATE_BITS ? nearest : null;
    // Flagged photos count towards the site's week too; only a readable photo is sampled.
    const sampled = hash !== null && isSampled(await samplePercentOf(tx, businessId), await siteWeekOf(tx, businessId, answer.teamId), draw());
    await insertPhotoCheck(tx, {
      answerId,
      businessId,
      teamId: answer.teamId,
      hash,
      reason: duplicate ? 'DUPLICATE' : answer.timeMismatch ? 'TIME_MISMATCH' : sampled ? 'SAMPLE' : null,
      duplicateOf: duplicate?.answerId ?? null,
      distance: duplicate?.distance ?? null,
    });
  });
}

export async function workPhotoChecks(queue: Queue, app: FastifyInstance): Promise<void> {
  await queue.work<PhotoCheckJob>('photos.check', (data) => checkPhoto(app, data));
}

/** The sites whose photos the caller reviews: null for all of them; 403 for someone who manages none. */
async function reviewedSites(db: Db, caller: Caller, teamId?: number): Promise<number[] | null> {
  // On a kiosk the scope manages nothing, so a kiosk session is refused with the plain members.
  const scope = await viewScopeOf(db, caller);
  requireSomeManagement(scope);
  if (teamId === undefined) return scope.all ? null : scope.supervised;
  // A site the caller does not review shows nothing rather than telling it exists.
  return scope.all || scope.supervised.includes(teamId) ? [teamId] : [];
}

type PhotoAnswer = Awaited<ReturnType<typeof findPhotoAnswers>>[number];

const photoOf = (answer: PhotoAnswer): ReviewedPhoto => ({
  answerId: answer.answerId,
  photo: fileUrl(answer.fileKey ?? ''),
  scheduleId: answer.scheduleId,
  member: { id: answer.memberId, name: answer.memberName },
  site: { id: answer.siteId, name: answer.siteName },
  task: { id: answer.taskId, nameEn: answer.taskNameEn, nameAr: answer.taskNameAr },
  capturedAt: answer.capturedAt.toISOString(),
  receivedAt: answer.receivedAt.toISOString(),
  photoTakenAt: answer.photoTakenAt?.toISOString() ?? null,
});

/** The rows with their photos and those they nearly match; a row whose answer is gone is left out. */
async function withPhotos(db: Db, businessId: number, rows: PhotoReviewRow[]): Promise<PhotoReview[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.duplicateOf === null ? [row.answerId] : [row.answerId, row.duplicateOf])))];
  const answers = new Map((await findPhotoAnswers(db, businessId, ids)).map((answer) => [answer.answerId, answer]));
  return rows.flatMap((row) => {
    const answer = answers.get(row.answerId);
    if (!answer?.fileKey) return [];
    const earlier = row.duplicateOf === null ? undefined : answers.get(row.duplicateOf);
    return [
      {
        ...photoOf(answer),
        reason: row.reason,
        duplicateOf: earlier?.fileKey ? { ...photoOf(earlier), distance: row.distance ?? 0 } : null,
        verdict: row.verdict,
        reviewedBy: row.reviewerId !== null ? { id: row.reviewerId, name: row.reviewerName ?? '' } : null,
        reviewedAt: row.reviewedAt?.toISOString() ?? null,
      },
    ];
  });
}

export async function listPhotoReviews(db: Db, caller: Caller, query: PhotoReviewsQuery) {
  const teamIds = await reviewedSites(db, caller, query.teamId);
  const { rows, total } = await findReviews(db, caller.businessId, teamIds, query.state, query);
  return { items: await withPhotos(db, caller.businessId, rows), total };
}

export async function judgePhoto(db: Db, caller: Caller, answerId: number, verdict: PhotoVerdict): Promise<PhotoReview> {
  const teamIds = await reviewedSites(db, caller);
  if (!(await updateVerdict(db, caller.businessId, teamIds, answerId, verdict, caller.userId))) throw notFound(MSG.photoReviewNotFound);
  const row = await findReview(db, caller.businessId, teamIds, answerId);
  const [review] = row ? await withPhotos(db, caller.businessId, [row]) : [];
  if (!review) throw notFound(MSG.photoReviewNotFound);
  return review;
}

export async function photoReviewCounts(db: Db, caller: Caller, query: Partial<z.output<typeof photoReviewCountsQuery>> = {}): Promise<PhotoReviewCounts> {
  const { teamId, ...filter } = query;
  const teamIds = await reviewedSites(db, caller, teamId);
  const filtered = Object.values(filter).some((value) => value !== undefined);
  return countReviews(db, caller.businessId, teamIds, filtered ? await answerIdsMatching(db, caller, filter) : undefined);
}

export async function photoReviewSettings(db: Db, caller: Caller): Promise<PhotoReviewSettings> {
  await reviewedSites(db, caller);
  return { samplePercent: await samplePercentOf(db, caller.businessId) };
}

export async function savePhotoReviewSettings(db: Db, caller: Caller, settings: PhotoReviewSettings): Promise<PhotoReviewSettings> {
  await setSamplePercent(db, caller.businessId, settings.samplePercent);
  return settings;
}
