// Answers: GET /v1/action-results/{id}, GET /v1/action-results/flagged, PUT
// /v1/action-results/{id}/unflag, POST /v1/action-results/{id}/ticket, GET
// /v1/users/{userId}/actions/{actionId}/action-results (the answer history) and GET
// /v1/report/latest/result (recent submitted actions) and GET /v1/report/answers/map. Submitting an answer moves its schedule,
// so POST /v1/action-results is the schedules module's (schedules.routes.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { actionResult, actionResultsQuery, fireTicketRequest, flaggedQuery } from '@fieldops/shared/answers';
import { submissionsQuery } from '@fieldops/shared/reports';
import type { ActionResult } from '@fieldops/shared/answers';
import { requireTenant } from '../../../plugins/auth.ts';
import { answersMap as answersMapSchema, answersMapQuery, ANSWERS_MAP_LIMIT } from '@fieldops/shared/answers-map';
import { answersMap, flaggedResults, getResult, latestResults, memberActionResults, unflagResult } from './action-results.service.ts';
import { languageOf } from '../../../lib/language.ts';
import { fireTicket } from './answer-ticket.service.ts';

/** Answers are ordered by when they came: `sort=createdDate,desc` (the default) or `,asc`. */
const byCreatedDate = <T extends z.ZodType<{ sort?: string }>>(schema: T) =>
  schema.superRefine((query, ctx) => {
    if (query.sort && query.sort.split(',')[0] !== 'createdDate') ctx.addIssue({ code: 'custom', path: ['sort'], message: MSG.invalid });
  });

export async function actionResultsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const sendPage = (reply: FastifyReply, { items, total }: { items: ActionResult[]; total: number }) => {
    reply.header(TOTAL_COUNT_HEADER, total);
    return items;
  };

  r.get('/v1/action-results/flagged', {
    schema: {
      tags: ['answers'],
      summary: 'Answers needing attention',
      querystring: byCreatedDate(flaggedQuery),
      response: { 200: z.array(actionResult), ...errors },
    },
    handler: async (request, reply) => sendPage(reply, await flaggedResults(app.db, requireTenant(request), request.query)),
  });

  r.get('/v1/action-results/:id', {
    schema: { tags: ['answers'], params: idParam('id'), response: { 200: actionResult, ...errors } },
    handler: (request) => getResult(app.db, requireTenant(request), request.params.id),
  });

  r.put('/v1/action-results/:id/unflag', {
    schema: { tags: ['answers'], params: idParam('id'), response: { 200: actionResult, ...errors } },
    handler: (request) => unflagResult(app.db, requireTenant(request), request.params.id),
  });

  r.post('/v1/action-results/:id/ticket', {
    schema: {
      tags: ['answers'],
      summary: 'Raise a helpdesk ticket from an answer',
      description:
        'Creates a ticket for the answer\'s site with its context and photo attached, and sets the answer\'s statusCode "2" and ticketId. Once per answer (409 after).',
      params: idParam('id'),
      // A call without a body is fine: every field has a default.
      body: fireTicketRequest.nullish(),
      response: { 201: actionResult, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await fireTicket(
            app,
            requireTenant(request),
            request.params.id,
            request.body ?? fireTicketRequest.parse(undefined),
            languageOf(request.headers['accept-language']),
          ),
        ),
  });

  r.get('/v1/users/:userId/actions/:actionId/action-results', {
    schema: {
      tags: ['answers'],
      summary: "A member's answers to an action",
      params: z.object({ userId: id, actionId: id }),
      querystring: byCreatedDate(actionResultsQuery),
      response: { 200: z.array(actionResult), ...errors },
    },
    handler: async (request, reply) =>
      sendPage(reply, await memberActionResults(app.db, requireTenant(request), request.params.userId, request.params.actionId, request.query)),
  });

  r.get('/v1/report/latest/result', {
    schema: {
      tags: ['answers'],
      summary: 'Recent submitted actions, and the submissions of the reports',
      description: [
        "startDate and endDate are calendar days in the business's time zone, both inclusive, on the day the answer was given.",
        'projects, teams and users are comma lists of ids; task, action and tag narrow to one. Newest first; the total is in X-Total-Count.',
        'Owners and admins see every answer of the business, a supervisor those of their sites and their own, a member their own.',
      ].join('\n\n'),
      querystring: byCreatedDate(submissionsQuery),
      response: { 200: z.array(actionResult), ...errors },
    },
    handler: async (request, reply) => sendPage(reply, await latestResults(app.readDb, requireTenant(request), request.query)),
  });

  r.get('/v1/report/answers/map', {
    schema: {
      tags: ['answers'],
      summary: 'The answers with a position meeting the submissions filters, each with its location status, and their sites with their geofences',
      description: [
        `The newest ${ANSWERS_MAP_LIMIT} at most; \`total\` counts them all. The filters are those of /v1/report/latest/result; an end before the start answers 400.`,
        'status is OVERRIDDEN once a manager counted the answer, NOT_CHECKED when its task does not check location, else as judged (INSIDE, OUTSIDE, UNVERIFIED).',
        'Owners and admins see every answer of the business, a supervisor those of their sites and their own, a member their own.',
      ].join('\n\n'),
      querystring: answersMapQuery,
      response: { 200: answersMapSchema, ...errors },
    },
    handler: (request) => answersMap(app.readDb, requireTenant(request), request.query),
  });
}
