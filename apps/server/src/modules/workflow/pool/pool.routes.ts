// Pooled schedules and cover (DESIGN §6), under the workflow base: the schedules open to the
// caller's pools and taking one; asking cover on one's schedule, the requests a site sees, and
// accepting, assigning and withdrawing them. Every change is one transaction; an Idempotency-Key
// makes a retried ask or take answer as the first did.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import { coverAssign, coverRequest, coverRequestCreate, coverRequestsQuery, openSchedule, takenSchedule } from '@fieldops/shared/pool';
import { MSG } from '@fieldops/shared/messages';
import { requireTenant } from '../../../plugins/auth.ts';
import { acceptCover, askCover, assignCover, listCoverRequests, scheduleCoverHistory, withdrawCover } from './cover.service.ts';
import { listOpenPool, takeSchedule } from './pool.service.ts';

export async function poolRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

  r.get('/v1/schedules/pool', {
    schema: {
      tags: ['schedules'],
      summary: 'Pooled schedules open to you',
      description:
        "Schedules of pooled plans that nobody has taken yet, still open, soonest first: those in the caller's sites and pools (canTake), and for owners, admins and supervisors those of the sites they manage.",
      response: { 200: z.array(openSchedule), ...errors },
    },
    handler: (request) => listOpenPool(app.db, requireTenant(request)),
  });

  r.post('/v1/schedules/:id/take', {
    schema: {
      tags: ['schedules'],
      summary: 'Take a pooled schedule',
      description: `The schedule becomes the caller's. Of members taking it at once exactly one gets it; the others get 409 "${MSG.scheduleTaken}". 403 for a member of the site outside the pool, 404 for a schedule the caller cannot see, 409 when it is not a pooled schedule open to take.`,
      params: idParam('id'),
      response: { 200: takenSchedule, ...errors, 409: problem },
    },
    handler: (request) => takeSchedule(app.db, requireTenant(request), request.params.id),
  });

  r.post('/v1/schedules/:id/cover-requests', {
    schema: {
      tags: ['schedules'],
      summary: 'Ask for cover on your schedule',
      description:
        'The caller asks a colleague of the site to cover one of their open schedules (pending or in progress, before its deadline), with an optional reason. 201 with the new request; 200 with the request already open for it. 403 not your schedule, 409 closed.',
      params: idParam('id'),
      body: coverRequestCreate,
      response: { 200: coverRequest, 201: coverRequest, ...errors, 409: problem },
    },
    handler: async (request, reply) => {
      const { created, request: made } = await askCover(app.db, requireTenant(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(made);
    },
  });

  r.get('/v1/schedules/:id/cover-requests', {
    schema: {
      tags: ['schedules'],
      summary: "A schedule's cover history",
      description: 'Every cover request of the schedule, newest first: who asked, why, who covered and who decided, and when.',
      params: idParam('id'),
      response: { 200: z.array(coverRequest), ...errors },
    },
    handler: (request) => scheduleCoverHistory(app.db, requireTenant(request), request.params.id),
  });

  r.get('/v1/cover-requests', {
    schema: {
      tags: ['schedules'],
      summary: 'Cover requests of your sites',
      description:
        "Requests of the sites the caller belongs to or manages (every site for owners and admins) and the caller's own; status=OPEN (default) only those still open on open schedules.",
      querystring: coverRequestsQuery,
      response: { 200: z.array(coverRequest), ...errors },
    },
    handler: (request) => listCoverRequests(app.db, requireTenant(request), request.query),
  });

  r.post('/v1/cover-requests/:id/accept', {
    schema: {
      tags: ['schedules'],
      summary: 'Cover a colleague’s schedule',
      description:
        'A member of the site (not the requester) takes the schedule over, with its answers. 409 when the request is closed or the schedule closed or moved.',
      params: idParam('id'),
      response: { 200: coverRequest, ...errors, 409: problem },
    },
    handler: (request) => acceptCover(app.db, requireTenant(request), request.params.id),
  });

  r.post('/v1/cover-requests/:id/assign', {
    schema: {
      tags: ['schedules'],
      summary: 'Assign a colleague to cover',
      description:
        'A manager of the site (its supervisor, an admin or the owner) moves the schedule to a member of the site. 400 when that member is not in the site or is the requester; 409 as for accept.',
      params: idParam('id'),
      body: coverAssign,
      response: { 200: coverRequest, ...errors, 409: problem },
    },
    handler: (request) => assignCover(app.db, requireTenant(request), request.params.id, request.body.userId),
  });

  r.post('/v1/cover-requests/:id/withdraw', {
    schema: {
      tags: ['schedules'],
      summary: 'Withdraw a cover request',
      description: 'The requester (or a manager of the site) takes back an open request. 409 when it is no longer open.',
      params: idParam('id'),
      response: { 200: coverRequest, ...errors, 409: problem },
    },
    handler: (request) => withdrawCover(app.db, requireTenant(request), request.params.id),
  });
}
