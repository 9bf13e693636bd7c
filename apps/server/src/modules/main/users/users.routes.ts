// Users inside the request's business: /api/users/{id}, basic info, profile, lookup by ids,
// the admin list, /api/v1/users/{id}, and the admin's account actions: activation keys,
// password reset and sign-in locks (account-admin.service.ts says which accounts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activationCardsRequest, activationKeyResponse, basicInfo, member, resetPasswordRequest, signInLock, userIdsRequest } from '@fieldops/shared/account';
import { idParam, pageQuery, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { issueActivationKey, liftSignInLock, readActivationKey, readSignInLock, resetPassword } from './account-admin.service.ts';
import { activationCards } from './activation-cards.service.ts';
import { notFound } from '../../../lib/errors.ts';
import { sendPdf } from '../../../lib/pdf-files.ts';
import { uploadParts } from '../../../lib/uploads.ts';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { basicInfosOf, findMember, listMembers } from '../members/members.service.ts';
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
      return basicInfosOf(app.db, tenant.businessId, request.body);
    },
  });

  r.put('/users/:userId/profile', {
    schema: { tags: ['users'], params: idParam('userId'), consumes: ['multipart/form-data'], response: { 200: member, ...errors } },
    handler: async (request) => {
      const tenant = requireTenant(request);
      await memberOrNotFound(tenant.businessId, request.params.userId, { rank: false });
      await updateProfile(app, tenant, request.params.userId, uploadParts(request));
      return memberOrNotFound(tenant.businessId, request.params.userId);
    },
  });

  r.get('/admin/users', {
    config: { roles: ADMINS },
    schema: { tags: ['users'], querystring: pageQuery, response: { 200: z.array(member), ...errors } },
    handler: async (request, reply) => {
      const { page, size } = request.query;
      const { items, total } = await listMembers(app.db, requireTenant(request).businessId, {}, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  const userParam = idParam('userId');
  r.get('/v1/users/:userId/activation-key', {
    config: { roles: ADMINS },
    schema: { tags: ['users'], params: userParam, response: { 200: activationKeyResponse, ...errors } },
    handler: (request) => readActivationKey(app.db, requireTenant(request), request.params.userId),
  });

  r.post('/v1/users/:userId/activation-key', {
    config: { roles: ADMINS },
    schema: { tags: ['users'], params: userParam, response: { 200: activationKeyResponse, ...errors } },
    handler: (request) => issueActivationKey(app.db, requireTenant(request), request.params.userId),
  });

  r.post('/v1/users/activation-cards', {
    config: { roles: ADMINS },
    schema: {
      tags: ['users'],
      summary: 'Activation cards to print, as a PDF (A4, eight a page)',
      description:
        'Each chosen account (or the accounts of import `importId` still waiting for activation; or, when none is chosen, every account the business created that is not yet activated, up to 500) gets a new activation key, which its card holds as a QR code and a link; earlier keys stop working. 404 when a chosen account is not a pending one of this business.',
      body: activationCardsRequest,
      response: { 400: problem, 401: problem, 403: problem, 404: problem },
    },
    handler: async (request, reply) => {
      return sendPdf(reply, await activationCards(app, requireTenant(request), request.body));
    },
  });

  r.put('/v1/users/:userId/password', {
    config: { roles: ADMINS },
    schema: { tags: ['users'], params: userParam, body: resetPasswordRequest, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await resetPassword(app.db, requireTenant(request), request.params.userId, request.body.password);
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/users/:userId/sign-in-lock', {
    config: { roles: ADMINS },
    schema: { tags: ['users'], params: userParam, response: { 200: signInLock, ...errors } },
    handler: (request) => readSignInLock(app.db, requireTenant(request), request.params.userId),
  });

  r.delete('/v1/users/:userId/sign-in-lock', {
    config: { roles: ADMINS },
    schema: { tags: ['users'], params: userParam, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await liftSignInLock(app.db, requireTenant(request), request.params.userId);
      return reply.status(204).send(null);
    },
  });
}
