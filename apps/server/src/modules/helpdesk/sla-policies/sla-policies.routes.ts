// SLA policies: GET/PUT /services/helpdesk/api/v1/sla-policies. Everyone in the business reads
// the rules (the ticket screens show what they promise); owners and admins replace them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { slaPoliciesRequest, slaRule } from '@fieldops/shared/sla-policies';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { listSlaRules, saveSlaRules } from './sla-policies.service.ts';

export async function slaPoliciesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

  r.get('/v1/sla-policies', {
    schema: { tags: ['helpdesk'], response: { 200: z.array(slaRule), ...errors } },
    handler: async (request, reply) => {
      // A hundred rules at most: the whole list, no pages.
      const rules = await listSlaRules(app.db, requireTenant(request).businessId);
      reply.header(TOTAL_COUNT_HEADER, rules.length);
      return rules;
    },
  });

  r.put('/v1/sla-policies', {
    config: { roles: ADMINS },
    schema: { tags: ['helpdesk'], body: slaPoliciesRequest, response: { 200: z.array(slaRule), ...errors } },
    handler: (request) => saveSlaRules(app.db, requireTenant(request).businessId, request.body.rules),
  });
}
