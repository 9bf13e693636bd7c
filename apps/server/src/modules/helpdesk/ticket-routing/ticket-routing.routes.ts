// Routing rules: GET/PUT /services/helpdesk/api/v1/ticket-routing-rules. Everyone in the business
// reads them (the assignment configuration shown to all is their first rule); owners and admins
// replace the whole ordered list.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { routingRule, routingRulesRequest } from '@fieldops/shared/ticket-routing';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { listRoutingRules, saveRoutingRules } from './ticket-routing.service.ts';

export async function ticketRoutingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

  r.get('/v1/ticket-routing-rules', {
    schema: { tags: ['helpdesk'], response: { 200: z.array(routingRule), ...errors } },
    handler: async (request, reply) => {
      // Fifty rules at most: the whole list, no pages.
      const rules = await listRoutingRules(app.db, requireTenant(request).businessId);
      reply.header(TOTAL_COUNT_HEADER, rules.length);
      return rules;
    },
  });

  r.put('/v1/ticket-routing-rules', {
    config: { roles: ADMINS },
    schema: { tags: ['helpdesk'], body: routingRulesRequest, response: { 200: z.array(routingRule), ...errors } },
    handler: (request) => saveRoutingRules(app.db, requireTenant(request).businessId, request.body.rules),
  });
}
