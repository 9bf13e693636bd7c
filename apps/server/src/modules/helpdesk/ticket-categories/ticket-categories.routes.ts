// Ticket categories: GET/POST /services/helpdesk/api/v1/ticket-categories, PUT/DELETE
// /v1/ticket-categories/{id}. Everyone in the business reads them; owners and admins change them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import { ticketCategory, ticketCategoryRequest } from '@fieldops/shared/helpdesk';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { findCategories } from './ticket-categories.repository.ts';
import { createCategory, deleteCategory, updateCategory } from './ticket-categories.service.ts';

export async function ticketCategoriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

  r.get('/v1/ticket-categories', {
    schema: { tags: ['helpdesk'], response: { 200: z.array(ticketCategory), ...errors } },
    handler: async (request, reply) => {
      // A business has a handful of categories: the whole list, no pages.
      const items = await findCategories(app.db, requireTenant(request).businessId);
      reply.header(TOTAL_COUNT_HEADER, items.length);
      return items;
    },
  });

  r.post('/v1/ticket-categories', {
    config: { roles: ADMINS },
    schema: { tags: ['helpdesk'], body: ticketCategoryRequest, response: { 201: ticketCategory, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createCategory(app.db, requireTenant(request).businessId, request.body)),
  });

  r.put('/v1/ticket-categories/:id', {
    config: { roles: ADMINS },
    schema: { tags: ['helpdesk'], params: idParam('id'), body: ticketCategoryRequest, response: { 200: ticketCategory, ...errors } },
    handler: (request) => updateCategory(app.db, requireTenant(request).businessId, request.params.id, request.body),
  });

  r.delete('/v1/ticket-categories/:id', {
    config: { roles: ADMINS },
    schema: { tags: ['helpdesk'], params: idParam('id'), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteCategory(app.db, requireTenant(request).businessId, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
