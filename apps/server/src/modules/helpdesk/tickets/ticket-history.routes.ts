// GET /services/helpdesk/api/v1/tickets/{id}/history: the ticket's changes, newest first; GET
// /v1/tickets/{id}/sla: its SLA clock read from them now (ticket-clock.service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageQuery, problem } from '@fieldops/shared/common';
import { ticketHistoryEntry } from '@fieldops/shared/helpdesk';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { ticketClock } from '@fieldops/shared/ticket-clock';
import { requireTenant } from '../../../plugins/auth.ts';
import { ticketAccessOf } from '../../../policies/tickets.ts';
import { readTicketClock } from './ticket-clock.service.ts';
import { findHistory } from './ticket-history.repository.ts';
import { requireVisibleTicketRow } from './tickets.service.ts';

export async function ticketHistoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

  r.get('/v1/tickets/:id/history', {
    schema: { tags: ['tickets'], params: idParam('id'), querystring: pageQuery, response: { 200: z.array(ticketHistoryEntry), ...errors } },
    handler: async (request, reply) => {
      const access = await ticketAccessOf(app.db, requireTenant(request));
      await requireVisibleTicketRow(app.db, access, request.params.id);
      const { page, size } = request.query;
      const { items, total } = await findHistory(app.db, access.businessId, request.params.id, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v1/tickets/:id/sla', {
    schema: { tags: ['tickets'], params: idParam('id'), response: { 200: ticketClock, ...errors } },
    handler: async (request) => {
      const access = await ticketAccessOf(app.db, requireTenant(request));
      const row = await requireVisibleTicketRow(app.db, access, request.params.id);
      return readTicketClock(app.db, access.businessId, row);
    },
  });
}
