// Tickets: POST/GET /services/helpdesk/api/v1/tickets, GET /v1/tickets/counts, GET/PUT
// /v1/tickets/{id}, POST /v1/tickets/bulk (ticket-bulk.service.ts). Everyone in the business creates tickets; each caller lists, counts and
// opens only the tickets they see (policies/tickets.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, problem } from '@fieldops/shared/common';
import { TICKET_STATUSES } from '@fieldops/shared/enums';
import { ticket, ticketCounts, ticketCreateRequest, ticketsQuery, ticketUpdateRequest, type TicketCounts } from '@fieldops/shared/helpdesk';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { ticketBulkRequest, ticketBulkResult } from '@fieldops/shared/ticket-bulk';
import { z } from 'zod';
import { fieldError } from '../../../lib/errors.ts';
import { requireTenant } from '../../../plugins/auth.ts';
import { ticketAccessOf } from '../../../policies/tickets.ts';
import { countTicketsByStatus, findTickets, type TicketSort } from './tickets.repository.ts';
import { changeTickets } from './ticket-bulk.service.ts';
import { createTicket, requireVisibleTicket, updateTicket } from './tickets.service.ts';

const SORTABLE = ['id', 'updatedDate', 'createdDate', 'resolutionDueAt'] as const;

/** `sort=field,dir`: id (the default, newest first), updatedDate (the board), createdDate or resolutionDueAt. */
function sortOf(sort: string | undefined): TicketSort {
  const [field, dir] = (sort ?? 'id,desc').split(',');
  const known = SORTABLE.find((f) => f === field);
  if (!known) throw fieldError('sort', MSG.invalid);
  return { field: known, dir: dir === 'asc' ? 'asc' : 'desc' };
}

export async function ticketsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

  r.post('/v1/tickets', {
    schema: { tags: ['tickets'], body: ticketCreateRequest, response: { 201: ticket, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createTicket(app.db, requireTenant(request), request.body)),
  });

  r.get('/v1/tickets', {
    schema: { tags: ['tickets'], querystring: ticketsQuery, response: { 200: z.array(ticket), ...errors } },
    handler: async (request, reply) => {
      const { page, size, sort, ...filter } = request.query;
      const access = await ticketAccessOf(app.db, requireTenant(request));
      const { items, total } = await findTickets(app.db, access.businessId, filter, access.scope, { page, size, sort: sortOf(sort) });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v1/tickets/counts', {
    schema: {
      tags: ['tickets'],
      querystring: ticketsQuery.omit({ ticketStatus: true, page: true, size: true, sort: true }),
      response: { 200: ticketCounts, ...errors },
    },
    handler: async (request) => {
      const access = await ticketAccessOf(app.db, requireTenant(request));
      const counts = await countTicketsByStatus(app.db, access.businessId, request.query, access.scope);
      return Object.fromEntries(TICKET_STATUSES.map((s) => [s, counts[s] ?? 0])) as TicketCounts;
    },
  });

  r.get('/v1/tickets/:id', {
    schema: { tags: ['tickets'], params: idParam('id'), response: { 200: ticket, ...errors } },
    handler: async (request) => requireVisibleTicket(app.db, await ticketAccessOf(app.db, requireTenant(request)), request.params.id),
  });

  r.put('/v1/tickets/:id', {
    schema: { tags: ['tickets'], params: idParam('id'), body: ticketUpdateRequest, response: { 200: ticket, ...errors } },
    handler: (request) => updateTicket(app.db, requireTenant(request), request.params.id, request.body),
  });

  // 200 with each ticket's outcome, even when every one was refused; 4xx only for a request that is wrong as a whole.
  r.post('/v1/tickets/bulk', {
    schema: { tags: ['tickets'], body: ticketBulkRequest, response: { 200: ticketBulkResult, ...errors } },
    handler: (request) => changeTickets(app.db, requireTenant(request), request.body),
  });
}
