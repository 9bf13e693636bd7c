// The photo review queue (DESIGN §13). Owners, admins and supervisors (their sites' photos):
// GET /v1/photo-reviews?state=PENDING|FINE|SUSPICIOUS&teamId, GET /v1/photo-reviews/counts,
// PUT /v1/photo-reviews/{answerId} {verdict}, GET /v1/photo-reviews/settings. Owners and admins:
// PUT /v1/photo-reviews/settings {samplePercent}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import { photoReview, photoReviewCounts, photoReviewCountsQuery, photoReviewSettings, photoReviewsQuery, photoVerdictRequest } from '@fieldops/shared/evidence';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import {
  judgePhoto,
  listPhotoReviews,
  photoReviewCounts as countsOf,
  photoReviewSettings as settingsOf,
  savePhotoReviewSettings,
} from './photo-reviews.service.ts';

export async function photoReviewsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };
  const caller = (request: Parameters<typeof requireTenant>[0]) => requireTenant(request);

  r.get('/v1/photo-reviews', {
    schema: {
      tags: ['photo-reviews'],
      summary: 'Photos waiting for review (a sample and the near duplicates) or reviewed, newest first, with the photo each nearly matches',
      querystring: photoReviewsQuery,
      response: { 200: z.array(photoReview), ...errors },
    },
    handler: async (request, reply) => {
      const { items, total } = await listPhotoReviews(app.db, caller(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v1/photo-reviews/counts', {
    schema: {
      tags: ['photo-reviews'],
      summary: 'How many photos were sampled or flagged for review, wait for it, were found fine or suspicious, and were near duplicates',
      description:
        "teamId narrows to one site; startDate, endDate (the answers' days in the business's time zone), projects, teams, users and task narrow to the photos of the answers the reports' submissions list gives for them.",
      querystring: photoReviewCountsQuery,
      response: { 200: photoReviewCounts, ...errors },
    },
    handler: async (request) => countsOf(app.db, caller(request), request.query),
  });

  r.get('/v1/photo-reviews/settings', {
    schema: { tags: ['photo-reviews'], summary: "The share of the business's photos sampled for review", response: { 200: photoReviewSettings, ...errors } },
    handler: async (request) => settingsOf(app.db, caller(request)),
  });

  r.put('/v1/photo-reviews/settings', {
    config: { roles: ADMINS },
    schema: {
      tags: ['photo-reviews'],
      summary: "Sets the share of the business's photos sampled for review",
      body: photoReviewSettings,
      response: { 200: photoReviewSettings, ...errors },
    },
    handler: async (request) => savePhotoReviewSettings(app.db, caller(request), request.body),
  });

  r.put('/v1/photo-reviews/:answerId', {
    schema: {
      tags: ['photo-reviews'],
      summary: 'Marks a photo in the queue fine or suspicious; the reviewer and the time are kept',
      params: idParam('answerId'),
      body: photoVerdictRequest,
      response: { 200: photoReview, ...errors },
    },
    handler: async (request) => judgePhoto(app.db, caller(request), request.params.answerId, request.body.verdict),
  });
}
