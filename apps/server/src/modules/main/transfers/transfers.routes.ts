// Transfers: a member between two sites (POST /api/v1/teams/{teamId}/users/{userId}/transfer)
// and a site between two projects (POST /api/v1/teams/{teamId}/transfer/projects/{projectId}).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, problem } from '@fieldops/shared/common';
import { site, teamMember, transferMemberRequest, transferSiteRequest } from '@fieldops/shared/organisation';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { transferMember, transferSite } from './transfers.service.ts';

export async function transfersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

  r.post('/v1/teams/:teamId/users/:userId/transfer', {
    schema: {
      tags: ['transfers'],
      params: z.object({ teamId: id, userId: id }),
      body: transferMemberRequest,
      response: { 200: teamMember, ...errors },
    },
    handler: (request) => transferMember(app.db, requireTenant(request), request.params.teamId, request.params.userId, request.body),
  });

  r.post('/v1/teams/:teamId/transfer/projects/:projectId', {
    config: { roles: ADMINS },
    schema: {
      tags: ['transfers'],
      params: z.object({ teamId: id, projectId: id }),
      body: transferSiteRequest,
      response: { 200: site, ...errors },
    },
    handler: (request) => transferSite(app.db, requireTenant(request).businessId, request.params.teamId, request.params.projectId, request.body.newProjectId),
  });
}
