// PUT /services/helpdesk/api/v1/tickets/{id}/status/{status}?reason=: moves a ticket along its
// workflow. Owners, admins and the supervisors who see the ticket may do it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problem } from '@fieldops/shared/common';
import { ticket, ticketStatusParams, ticketStatusQuery } from '@fieldops/shared/helpdesk';
import { requireTenant } from '../../../plugins/auth.ts';
import { changeTicketStatus } from './ticket-status.service.ts';

export async function ticketStatusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

  r.put('/v1/tickets/:id/status/:status', {
    schema: { tags: ['tickets'], params: ticketStatusParams, querystring: ticketStatusQuery, response: { 200: ticket, ...errors } },
    handler: (request) => changeTicketStatus(app.db, requireTenant(request), request.params.id, request.params.status, request.query.reason),
  });
}
