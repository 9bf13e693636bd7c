// The members of a site: list them (all, or a page), assign business members and take one out.
// Inviting people by e-mail to sites is the invitations module's (invitations.routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, pageQuery, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { assignMembersRequest, teamMember } from '@fieldops/shared/organisation';
import { requireTenant } from '../../../plugins/auth.ts';
import { findTeamMembers } from './team-members.repository.ts';
import { assignMembers, removeFromSite } from './team-members.service.ts';
import { requireSiteRows } from './teams.service.ts';

const teamParam = z.object({ teamId: id });

export async function teamMembersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

  r.get('/v1/teams/:teamId/members', {
    schema: { tags: ['sites'], params: teamParam, response: { 200: z.array(teamMember), ...errors } },
    handler: async (request) => {
      const { businessId } = requireTenant(request);
      await requireSiteRows(app.db, businessId, [request.params.teamId]);
      return (await findTeamMembers(app.db, businessId, request.params.teamId)).items;
    },
  });

  r.get('/v2/teams/:teamId/members', {
    schema: { tags: ['sites'], params: teamParam, querystring: pageQuery, response: { 200: z.array(teamMember), ...errors } },
    handler: async (request, reply) => {
      const { businessId } = requireTenant(request);
      await requireSiteRows(app.db, businessId, [request.params.teamId]);
      const { page, size } = request.query;
      const { items, total } = await findTeamMembers(app.db, businessId, request.params.teamId, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.post('/v1/teams/:teamId/members', {
    schema: { tags: ['sites'], params: teamParam, body: assignMembersRequest, response: { 200: z.array(teamMember), ...errors } },
    handler: (request) => assignMembers(app.db, requireTenant(request), request.params.teamId, request.body),
  });

  r.delete('/v1/teams/:teamId/members/:memberId', {
    schema: { tags: ['sites'], params: teamParam.extend({ memberId: id }), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await removeFromSite(app.db, requireTenant(request), request.params.teamId, request.params.memberId);
      return reply.status(204).send(null);
    },
  });
}
