// GET and PUT /services/helpdesk/api/v1/assignment-config: who receives new tickets without an
// assignee. Everyone in the business reads it; owners and admins change it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problem } from '@fieldops/shared/common';
import { assignmentConfig, assignmentConfigRequest } from '@fieldops/shared/helpdesk';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { getAssignmentConfig, setAssignmentConfig } from './ticket-assignment.service.ts';

export async function ticketAssignmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

  r.get('/v1/assignment-config', {
    schema: { tags: ['helpdesk'], response: { 200: assignmentConfig, ...errors } },
    handler: (request) => getAssignmentConfig(app.db, requireTenant(request).businessId),
  });

  r.put('/v1/assignment-config', {
    config: { roles: ADMINS },
    schema: { tags: ['helpdesk'], body: assignmentConfigRequest, response: { 200: assignmentConfig, ...errors } },
    handler: (request) => setAssignmentConfig(app.db, requireTenant(request).businessId, request.body),
  });
}
