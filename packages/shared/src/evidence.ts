// Photo evidence (DESIGN §13): every answer's photo is checked in the background. One that nearly
// matches a photo already given in the business (another day, schedule or member) goes to the
// supervisors' review queue, and so does a random sample of the rest, a share the business sets.
// A reviewer marks each fine or suspicious.
import { z } from 'zod';
import { id, idList, pageQuery, queryFlag } from './common.ts';
import { MSG, maxMessage, minMessage } from './messages.ts';
import { isoDate } from './plans.ts';

/**
 * Why a photo is waiting for review: chosen at random, nearly the same as an earlier photo, or
 * taken (by its own metadata) at another time than the answer says.
 */
export const PHOTO_REVIEW_REASONS = ['SAMPLE', 'DUPLICATE', 'TIME_MISMATCH'] as const;
export type PhotoReviewReason = (typeof PHOTO_REVIEW_REASONS)[number];

// What the device and the server both judge a photo's time by, without the schema library: the
// web app's runner reads them without loading it (photo-time.ts).
export { PHOTO_SOURCES, PHOTO_TIME_MISMATCH_MINUTES, photoTimeMismatch, type PhotoSource } from './photo-time.ts';

export const PHOTO_VERDICTS = ['FINE', 'SUSPICIOUS'] as const;
export type PhotoVerdict = (typeof PHOTO_VERDICTS)[number];

/** The review queue's tabs: waiting for a verdict, or given one. */
export const PHOTO_REVIEW_STATES = ['PENDING', ...PHOTO_VERDICTS] as const;
export type PhotoReviewState = (typeof PHOTO_REVIEW_STATES)[number];

/** The share of a business's photos sampled for review when nobody has chosen one. */
export const DEFAULT_PHOTO_SAMPLE_PERCENT = 5;

/** At most this many differing bits (of 64) and two photos' hashes count as the same photo. */
export const NEAR_DUPLICATE_BITS = 8;

export const photoReviewsQuery = pageQuery.pick({ page: true, size: true }).extend({
  state: z.enum(PHOTO_REVIEW_STATES).default('PENDING'),
  teamId: id.optional(),
});
export type PhotoReviewsQuery = z.infer<typeof photoReviewsQuery>;

const named = z.object({ id: z.number(), name: z.string() });

/** One answer's photo, with where, when and by whom it was given. */
export const reviewedPhoto = z.object({
  answerId: z.number(),
  photo: z.string(),
  scheduleId: z.number(),
  member: named,
  site: named,
  task: z.object({ id: z.number(), nameEn: z.string().nullable(), nameAr: z.string().nullable() }),
  /** When the member took it, and when it reached the server. */
  capturedAt: z.string(),
  receivedAt: z.string(),
  /** When the photo's own data (EXIF) says it was taken, as the device read it; null when it gave none. */
  photoTakenAt: z.string().nullable().optional(),
});
export type ReviewedPhoto = z.infer<typeof reviewedPhoto>;

export const photoReview = reviewedPhoto.extend({
  reason: z.enum(PHOTO_REVIEW_REASONS),
  /** The earlier photo this one nearly matches, and how many of the 64 bits differ. */
  duplicateOf: reviewedPhoto.extend({ distance: z.number() }).nullable(),
  verdict: z.enum(PHOTO_VERDICTS).nullable(),
  reviewedBy: named.nullable(),
  reviewedAt: z.string().nullable(),
});
export type PhotoReview = z.infer<typeof photoReview>;

export const photoVerdictRequest = z.object({ verdict: z.enum(PHOTO_VERDICTS) });
export type PhotoVerdictRequest = z.infer<typeof photoVerdictRequest>;

export const photoReviewSettings = z.object({
  /** The share (0–100 %) of the business's photos picked at random for review. */
  samplePercent: z.number().int().min(0, minMessage(0)).max(100, maxMessage(100)),
});
export type PhotoReviewSettings = z.infer<typeof photoReviewSettings>;

/**
 * `GET /v1/photo-reviews/counts`: one site (`teamId`), or the reports' filters on the photos'
 * answers: the days they were given (business time zone, both inclusive), projects, sites,
 * members and a task. An end before the start is refused.
 */
export const photoReviewCountsQuery = z
  .object({
    teamId: id.optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    projects: idList,
    teams: idList,
    users: idList,
    task: id.optional(),
    tag: id.optional(),
    /** Only the photos of answers that arrived after a delay, as the submissions list filters them. */
    delayed: queryFlag.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.startDate && query.endDate && query.endDate < query.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG.endBeforeStart });
  });
export type PhotoReviewCountsQuery = z.input<typeof photoReviewCountsQuery>;

/** The queue's counts for the caller's sites: sampled and flagged, waiting, and the verdicts given, with the near duplicates among them. */
export const photoReviewCounts = z.object({
  /** Drawn at random for review. */
  sampled: z.number(),
  /** Sent for review for a reason of their own: a near duplicate, a time that does not match. */
  flagged: z.number(),
  pending: z.number(),
  fine: z.number(),
  suspicious: z.number(),
  duplicates: z.number(),
});
export type PhotoReviewCounts = z.infer<typeof photoReviewCounts>;
