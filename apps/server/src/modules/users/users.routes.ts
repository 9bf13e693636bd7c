// Users inside the request's business: /api/users/{id}, basic info, profile, lookup by ids,
// the admin list, activation keys and /api/v1/users/{id}.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activationKeyResponse, basicInfo, member, userIdsRequest } from '@fieldops/shared/account';
import { idParam, pageQuery, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { businessMembers, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { ADMINS, requireTenant } from '../../plugins/auth.ts';
import { findMember, findMembers } from '../members/members.repository.ts';
import { updateProfile } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem, 413: problem };

  const memberOrNotFound = async (businessId: number, userId: number, options: { rank?: boolean } = {}) => {
    const found = await findMember(app.db, businessId, userId, options);
    if (!found) throw notFound(MSG.userNotFound);
    return found;
  };

  for (const url of ['/users/:id', '/v1/users/:id']) {
    r.get(url, {
      schema: { tags: ['users'], params: idParam('id'), response: { 200: member, ...errors } },
      handler: (request) => memberOrNotFound(requireTenant(request).businessId, request.params.id),
    });
  }

  r.get('/users/:id/basic-info', {
    schema: { tags: ['users'], params: idParam('id'), response: { 200: basicInfo, ...errors } },
    handler: async (request) => {
      const m = await memberOrNotFound(requireTenant(request).businessId, request.params.id, { rank: false });
      return { id: m.userId, username: m.username, fullName: m.fullName, avatar: m.avatar };
    },
  });

  r.post('/users/ids', {
    schema: { tags: ['users'], body: userIdsRequest, response: { 200: z.array(basicInfo), ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      if (request.body.length === 0) return [];
      return app.db
        .select({ id: users.id, username: users.username, fullName: users.fullName, avatar: users.avatar })
        .from(businessMembers)
        .innerJoin(users, eq(users.id, businessMembers.userId))
        .where(and(eq(businessMembers.businessId, tenant.businessId), inArray(users.id, request.body)));
    },
  });

  r.put('/users/:userId/profile', {
    schema: { tags: ['users'], params: idParam('userId'), consumes: ['multipart/form-data'], response: { 200: member, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      await memberOrNotFound(tenant.businessId, request.params.userId, { rank: false });
      await updateProfile(app, tenant, request.params.userId, request.parts());
      return memberOrNotFound(tenant.businessId, request.params.userId);
    },
  });

  r.get('/admin/users', {
    config: { roles: ADMINS },
    schema: { tags: ['users'], querystring: pageQuery, response: { 200: z.array(member), ...errors } },
    handler: async (request, reply) => {
      const { page, size } = request.query;
      const { items, total } = await findMembers(app.db, requireTenant(request).businessId, {}, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v1/users/:userId/activation-key', {
    config: { roles: ADMINS },
    schema: { tags: ['users'], params: idParam('userId'), response: { 200: activationKeyResponse, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      await memberOrNotFound(tenant.businessId, request.params.userId);
      const [row] = await app.db
        .select({ activationKey: users.activationKey, activated: users.activated })
        .from(users)
        .where(eq(users.id, request.params.userId));
      return { userId: request.params.userId, ...row };
    },
  });
}
