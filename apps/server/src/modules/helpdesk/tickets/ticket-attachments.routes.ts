// Attachments of a ticket: POST (multipart, field "attachments", one or several images) and GET
// /services/helpdesk/api/v1/tickets/{id}/attachments, DELETE .../attachments/{attachmentId}.
// Anyone who sees the ticket adds and lists them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam, pageQuery, problem } from '@fieldops/shared/common';
import { ticketAttachment } from '@fieldops/shared/helpdesk';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { uploadParts } from '../../../lib/uploads.ts';
import { requireTenant } from '../../../plugins/auth.ts';
import { ticketAccessOf } from '../../../policies/tickets.ts';
import { findAttachments } from './ticket-attachments.repository.ts';
import { addAttachments, deleteAttachment } from './ticket-attachments.service.ts';
import { requireVisibleTicketRow } from './tickets.service.ts';

export async function ticketAttachmentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 413: problem };

  r.post('/v1/tickets/:id/attachments', {
    schema: { tags: ['tickets'], params: idParam('id'), consumes: ['multipart/form-data'], response: { 201: z.array(ticketAttachment), ...errors } },
    handler: async (request, reply) => reply.status(201).send(await addAttachments(app, requireTenant(request), request.params.id, uploadParts(request))),
  });

  r.get('/v1/tickets/:id/attachments', {
    schema: { tags: ['tickets'], params: idParam('id'), querystring: pageQuery, response: { 200: z.array(ticketAttachment), ...errors } },
    handler: async (request, reply) => {
      const access = await ticketAccessOf(app.db, requireTenant(request));
      await requireVisibleTicketRow(app.db, access, request.params.id);
      const { page, size } = request.query;
      const { items, total } = await findAttachments(app.db, access.businessId, request.params.id, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.delete('/v1/tickets/:id/attachments/:attachmentId', {
    schema: { tags: ['tickets'], params: z.object({ id, attachmentId: id }), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteAttachment(app, requireTenant(request), request.params.id, request.params.attachmentId);
      return reply.status(204).send(null);
    },
  });
}
