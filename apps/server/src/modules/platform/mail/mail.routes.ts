// The e-mail outbox of a business, for its owners and admins: what was sent, or, with no SMTP
// server configured, what waits to be (GET /api/v1/mail/outbox, /api/v1/mail/outbox/{id}).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageQuery, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { outboxMessage, outboxMessageBody } from '@fieldops/shared/notifications';
import { notFound } from '../../../lib/errors.ts';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { findOutboxMessage, listOutbox } from './mail.repository.ts';

export async function mailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

  r.get('/v1/mail/outbox', {
    config: { roles: ADMINS },
    schema: { tags: ['notifications'], querystring: pageQuery.pick({ page: true, size: true }), response: { 200: z.array(outboxMessage), ...errors } },
    handler: async (request, reply) => {
      const { businessId } = requireTenant(request);
      const { items, total } = await listOutbox(app.db, businessId, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v1/mail/outbox/:id', {
    config: { roles: ADMINS },
    schema: { tags: ['notifications'], params: idParam('id'), response: { 200: outboxMessageBody, ...errors } },
    handler: async (request) => {
      const { businessId } = requireTenant(request);
      const found = await findOutboxMessage(app.db, businessId, request.params.id);
      if (!found) throw notFound(MSG.mailNotFound);
      return found;
    },
  });
}
