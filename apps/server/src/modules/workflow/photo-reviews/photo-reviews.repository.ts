// Queries on answer photos' checks and the review queue, always scoped by business.
import { aliasedTable, and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PhotoReviewReason, PhotoReviewState, PhotoVerdict } from '@fieldops/shared/evidence';
import { rowsOf, type Db } from '../../../db/client.ts';
import { businesses, teams, users } from '../../../db/schema.ts';
import { photoChecks } from '../../../db/schema-evidence.ts';
import { actionResults } from '../../../db/schema-schedules.ts';
import { tasks } from '../../../db/schema-workflow.ts';
import type { SiteWeek } from './photo-sample.ts';

/** The answer's photo and site, when the business has the answer. */
export async function findAnswerPhoto(db: Db, businessId: number, answerId: number) {
  const [row] = await db
    .select({ fileKey: actionResults.fileKey, teamId: actionResults.teamId, timeMismatch: actionResults.photoTimeMismatch })
    .from(actionResults)
    .where(and(eq(actionResults.businessId, businessId), eq(actionResults.id, answerId)));
  return row ?? null;
}

export async function photoCheckExists(db: Db, answerId: number) {
  const [row] = await db.select({ answerId: photoChecks.answerId }).from(photoChecks).where(eq(photoChecks.answerId, answerId));
  return row !== undefined;
}

/** Holds the business's photo checks one at a time until the transaction ends: two copies sent together still meet. */
export async function lockPhotoChecks(db: Db, businessId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`photo_checks:${businessId}`}, 0))`);
}

/** The business's photo whose hash is nearest `hash`, other than `answerId`'s, with the bits they differ in. */
export async function nearestPhoto(db: Db, businessId: number, answerId: number, hash: bigint) {
  const rows = rowsOf<{ answer_id: string | number; distance: number }>(
    await db.execute(sql`
      select answer_id, bit_count((hash # ${hash.toString()}::bigint)::bit(64))::int as distance
      from photo_checks
      where business_id = ${businessId} and hash is not null and answer_id <> ${answerId}
      order by distance, answer_id
      limit 1`),
  );
  const row = rows[0];
  return row ? { answerId: Number(row.answer_id), distance: row.distance } : null;
}

/** A site's photo checks since the start of the week (Monday) in the business's time zone, and how many were sampled. */
export async function siteWeekOf(db: Db, businessId: number, teamId: number): Promise<SiteWeek> {
  const [row] = rowsOf<{ checked: number; sampled: number }>(
    await db.execute(sql`
      select count(*)::int as checked, (count(*) filter (where c.reason = 'SAMPLE'))::int as sampled
      from photo_checks c join businesses b on b.id = c.business_id
      where c.business_id = ${businessId} and c.team_id = ${teamId}
        and c.checked_at >= (date_trunc('week', now() at time zone b.time_zone) at time zone b.time_zone)`),
  );
  return { checked: row?.checked ?? 0, sampled: row?.sampled ?? 0 };
}

export async function samplePercentOf(db: Db, businessId: number) {
  const [row] = await db.select({ percent: businesses.photoSamplePercent }).from(businesses).where(eq(businesses.id, businessId));
  return row?.percent ?? 0;
}

export async function setSamplePercent(db: Db, businessId: number, percent: number) {
  await db.update(businesses).set({ photoSamplePercent: percent }).where(eq(businesses.id, businessId));
}

export async function insertPhotoCheck(db: Db, values: typeof photoChecks.$inferInsert) {
  await db.insert(photoChecks).values(values).onConflictDoNothing();
}

/** The condition of a state's tab: waiting (in the queue, no verdict) or given that verdict. */
function stateCondition(state: PhotoReviewState): SQL | undefined {
  if (state === 'PENDING') return and(isNotNull(photoChecks.reason), isNull(photoChecks.verdict));
  return eq(photoChecks.verdict, state);
}

/** The queue's rows of the business in `teamIds` (all sites when null), newest first. */
function queueWhere(businessId: number, teamIds: number[] | null, extra?: SQL) {
  return and(eq(photoChecks.businessId, businessId), isNotNull(photoChecks.reason), teamIds ? inArray(photoChecks.teamId, teamIds) : undefined, extra);
}

export interface PhotoReviewRow {
  answerId: number;
  reason: PhotoReviewReason;
  duplicateOf: number | null;
  distance: number | null;
  verdict: PhotoVerdict | null;
  reviewerId: number | null;
  reviewerName: string | null;
  reviewedAt: Date | null;
}

const reviewer = aliasedTable(users, 'reviewer');
const reviewColumns = {
  answerId: photoChecks.answerId,
  reason: photoChecks.reason,
  duplicateOf: photoChecks.duplicateOf,
  distance: photoChecks.distance,
  verdict: photoChecks.verdict,
  reviewerId: photoChecks.reviewedBy,
  reviewerName: reviewer.fullName,
  reviewedAt: photoChecks.reviewedAt,
};

export async function findReviews(db: Db, businessId: number, teamIds: number[] | null, state: PhotoReviewState, page: { page: number; size: number }) {
  const where = queueWhere(businessId, teamIds, stateCondition(state));
  const [rows, [total]] = await Promise.all([
    db
      .select(reviewColumns)
      .from(photoChecks)
      .leftJoin(reviewer, eq(reviewer.id, photoChecks.reviewedBy))
      .where(where)
      .orderBy(desc(photoChecks.answerId))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ n: count() }).from(photoChecks).where(where),
  ]);
  return { rows: rows as PhotoReviewRow[], total: total?.n ?? 0 };
}

export async function findReview(db: Db, businessId: number, teamIds: number[] | null, answerId: number) {
  const [row] = await db
    .select(reviewColumns)
    .from(photoChecks)
    .leftJoin(reviewer, eq(reviewer.id, photoChecks.reviewedBy))
    .where(queueWhere(businessId, teamIds, eq(photoChecks.answerId, answerId)));
  return (row as PhotoReviewRow | undefined) ?? null;
}

/** Sets the verdict of a photo in the queue of `teamIds` (all sites when null); answers whether there was one. */
export async function updateVerdict(db: Db, businessId: number, teamIds: number[] | null, answerId: number, verdict: PhotoVerdict, userId: number) {
  const updated = await db
    .update(photoChecks)
    .set({ verdict, reviewedBy: userId, reviewedAt: new Date() })
    .where(queueWhere(businessId, teamIds, eq(photoChecks.answerId, answerId)))
    .returning({ answerId: photoChecks.answerId });
  return updated.length > 0;
}

/** Where, when and by whom each of the answers' photos was given. */
export async function findPhotoAnswers(db: Db, businessId: number, answerIds: number[]) {
  if (answerIds.length === 0) return [];
  return db
    .select({
      answerId: actionResults.id,
      fileKey: actionResults.fileKey,
      scheduleId: actionResults.scheduleId,
      memberId: actionResults.userId,
      memberName: users.fullName,
      siteId: actionResults.teamId,
      siteName: teams.name,
      taskId: actionResults.taskId,
      taskNameEn: tasks.nameEn,
      taskNameAr: tasks.nameAr,
      capturedAt: actionResults.capturedAt,
      receivedAt: actionResults.createdDate,
      photoTakenAt: actionResults.photoTakenAt,
    })
    .from(actionResults)
    .innerJoin(users, eq(users.id, actionResults.userId))
    .innerJoin(teams, eq(teams.id, actionResults.teamId))
    .innerJoin(tasks, eq(tasks.id, actionResults.taskId))
    .where(and(eq(actionResults.businessId, businessId), inArray(actionResults.id, answerIds)));
}

/** The queue's counts; `answers`, a query of answer ids, narrows them to those answers' photos. */
export async function countReviews(db: Db, businessId: number, teamIds: number[] | null, answers?: SQL) {
  const [row] = await db
    .select({
      sampled: sql<number>`count(*) filter (where ${photoChecks.reason} = 'SAMPLE')::int`,
      flagged: sql<number>`count(*) filter (where ${photoChecks.reason} <> 'SAMPLE')::int`,
      pending: sql<number>`count(*) filter (where ${photoChecks.verdict} is null)::int`,
      fine: sql<number>`count(*) filter (where ${photoChecks.verdict} = 'FINE')::int`,
      suspicious: sql<number>`count(*) filter (where ${photoChecks.verdict} = 'SUSPICIOUS')::int`,
      duplicates: sql<number>`count(*) filter (where ${photoChecks.reason} = 'DUPLICATE')::int`,
    })
    .from(photoChecks)
    .where(queueWhere(businessId, teamIds, answers ? sql`${photoChecks.answerId} in (${answers})` : undefined));
  return {
    sampled: row?.sampled ?? 0,
    flagged: row?.flagged ?? 0,
    pending: row?.pending ?? 0,
    fine: row?.fine ?? 0,
    suspicious: row?.suspicious ?? 0,
    duplicates: row?.duplicates ?? 0,
  };
}
