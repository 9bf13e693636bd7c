// The signed-in user's account: GET/PUT /api/v1/account, PUT /api/v1/account/avatar and
// PUT /api/v1/account/password.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { account, accountDetailsRequest, changePasswordRequest } from '@fieldops/shared/account';
import { problem } from '@fieldops/shared/common';
import { MSG } from '@fieldops/shared/messages';
import { badRequest } from '../../../lib/errors.ts';
import { uploadFile } from '../../../lib/uploads.ts';
import { requireSession, requireUser } from '../../../plugins/auth.ts';
import { createLoginLimiter } from '../../../lib/login-limiter.ts';
import { changePassword, replaceAvatar, requireAccount, updateDetails } from './account.service.ts';

export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 404: problem, 409: problem };
  const limiter = createLoginLimiter(app.db);

  r.get('/v1/account', {
    config: { access: 'user', duringPasswordReset: true },
    schema: { tags: ['account'], response: { 200: account, ...errors } },
    handler: (request) => requireAccount(app, requireUser(request)),
  });

  r.put('/v1/account', {
    config: { access: 'user' },
    schema: { tags: ['account'], body: accountDetailsRequest, response: { 200: account, ...errors } },
    handler: async (request) => {
      const userId = requireUser(request);
      await updateDetails(app, userId, request.body);
      return requireAccount(app, userId);
    },
  });

  r.put('/v1/account/avatar', {
    config: { access: 'user' },
    schema: { tags: ['account'], consumes: ['multipart/form-data'], response: { 200: account, ...errors, 413: problem } },
    handler: async (request) => {
      const userId = requireUser(request);
      const file = await uploadFile(request);
      if (!file) throw badRequest(MSG.fileMissing, [{ field: 'file', message: MSG.fileMissing }]);
      await replaceAvatar(app, userId, file);
      return requireAccount(app, userId);
    },
  });

  r.put('/v1/account/password', {
    config: { access: 'user', duringPasswordReset: true },
    schema: { tags: ['account'], body: changePasswordRequest, response: { 204: z.null(), ...errors, 429: problem } },
    handler: async (request, reply) => {
      const { userId, sessionId } = requireSession(request);
      await changePassword(app, limiter, request.ip, userId, sessionId, request.body);
      return reply.status(204).send(null);
    },
  });
}
