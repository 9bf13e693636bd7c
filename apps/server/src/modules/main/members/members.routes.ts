// Members of the business: the paged lists (/api/v1/businesses/{id}/members,
// /api/v2/business-members), the members the caller may manage, and editing, removing and
// activating a member (/api/v1/users/{id}). GET /api/v1/users/{id} lives with the users module.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { member } from '@fieldops/shared/account';
import { idParam, pageQuery, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { businessMembersQuery, listAllQuery, memberUpdateRequest } from '@fieldops/shared/organisation';
import { notFound } from '../../../lib/errors.ts';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { activateMember, findAccessibleMembers, listMembers, removeMember, updateMember } from './members.service.ts';

export async function membersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

  r.get('/v1/businesses/:businessId/members', {
    schema: { tags: ['members'], params: idParam('businessId'), querystring: pageQuery, response: { 200: z.array(member), ...errors } },
    handler: async (request, reply) => {
      const { businessId } = requireTenant(request);
      if (request.params.businessId !== businessId) throw notFound(MSG.businessNotFound);
      const { page, size } = request.query;
      const { items, total } = await listMembers(app.db, businessId, {}, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v2/business-members', {
    schema: { tags: ['members'], querystring: businessMembersQuery, response: { 200: z.array(member), ...errors } },
    handler: async (request, reply) => {
      const { page, size, sort, searchKey, userId, projects, teams } = request.query;
      const [field, dir] = (sort ?? 'id,asc').split(',');
      const { items, total } = await listMembers(
        app.db,
        requireTenant(request).businessId,
        { searchKey, userIds: userId ? [userId] : undefined, projectIds: projects, teamIds: teams },
        { page, size, sort: field === 'name' ? 'name' : 'id', dir: dir === 'desc' ? 'desc' : 'asc' },
      );
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v1/businesses/members/accessible', {
    schema: { tags: ['members'], querystring: listAllQuery, response: { 200: z.array(member), ...errors } },
    handler: async (request, reply) => {
      const { page, size } = request.query;
      const { items, total } = await findAccessibleMembers(app.db, requireTenant(request), { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.put('/v1/users/:id', {
    config: { roles: ADMINS },
    schema: { tags: ['members'], params: idParam('id'), body: memberUpdateRequest, response: { 200: member, ...errors } },
    handler: (request) => updateMember(app.db, requireTenant(request), request.params.id, request.body),
  });

  r.delete('/v1/users/:id', {
    config: { roles: ADMINS },
    schema: { tags: ['members'], params: idParam('id'), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await removeMember(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/users/:id/activate', {
    config: { roles: ADMINS },
    schema: { tags: ['members'], params: idParam('id'), response: { 200: member, ...errors } },
    handler: (request) => activateMember(app.db, requireTenant(request), request.params.id),
  });
}
