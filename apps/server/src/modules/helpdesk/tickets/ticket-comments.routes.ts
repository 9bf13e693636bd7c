// Comments of a ticket: GET and POST /services/helpdesk/api/v1/tickets/{id}/comments, PUT
// .../comments/{commentId}. Forms are multipart with the fields "text" and "file" (an image).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam, problem } from '@fieldops/shared/common';
import { ticketComment, ticketCommentsQuery } from '@fieldops/shared/helpdesk';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { fieldError } from '../../../lib/errors.ts';
import { uploadParts } from '../../../lib/uploads.ts';
import { requireTenant } from '../../../plugins/auth.ts';
import { ticketAccessOf } from '../../../policies/tickets.ts';
import { findComments } from './ticket-comments.repository.ts';
import { addComment, editComment } from './ticket-comments.service.ts';
import { requireVisibleTicketRow } from './tickets.service.ts';

/** `sort=createdDate,desc` (the default) or `createdDate,asc`. */
function directionOf(sort: string | undefined): 'asc' | 'desc' {
  const [field, dir] = (sort ?? 'createdDate,desc').split(',');
  if (field !== 'createdDate') throw fieldError('sort', MSG.invalid);
  return dir === 'asc' ? 'asc' : 'desc';
}

export async function ticketCommentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 413: problem };

  r.get('/v1/tickets/:id/comments', {
    schema: { tags: ['tickets'], params: idParam('id'), querystring: ticketCommentsQuery, response: { 200: z.array(ticketComment), ...errors } },
    handler: async (request, reply) => {
      const access = await ticketAccessOf(app.db, requireTenant(request));
      await requireVisibleTicketRow(app.db, access, request.params.id);
      const { page, size, sort } = request.query;
      const { items, total } = await findComments(app.db, access.businessId, request.params.id, { page, size, dir: directionOf(sort) });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.post('/v1/tickets/:id/comments', {
    schema: { tags: ['tickets'], params: idParam('id'), consumes: ['multipart/form-data'], response: { 201: ticketComment, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await addComment(app, requireTenant(request), request.params.id, uploadParts(request))),
  });

  r.put('/v1/tickets/:id/comments/:commentId', {
    schema: {
      tags: ['tickets'],
      params: z.object({ id, commentId: id }),
      consumes: ['multipart/form-data'],
      response: { 200: ticketComment, ...errors },
    },
    handler: (request) => editComment(app, requireTenant(request), request.params.id, request.params.commentId, uploadParts(request)),
  });
}
