// POST /api/v1/account/password-reset (a link by e-mail) and /api/v1/account/password-reset/finish.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problem } from '@fieldops/shared/common';
import { MSG } from '@fieldops/shared/messages';
import { passwordResetFinish, passwordResetRequest } from '@fieldops/shared/notifications';
import { finishPasswordReset, requestPasswordReset } from './password-reset.service.ts';

const message = z.object({ message: z.string() });

export async function passwordResetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 429: problem };

  r.post('/v1/account/password-reset', {
    config: { access: 'public' },
    schema: { tags: ['account'], body: passwordResetRequest, response: { 202: message, ...errors } },
    handler: async (request, reply) => {
      await requestPasswordReset(app.db, app.mailSettings, request.body.email, request.ip);
      return reply.status(202).send({ message: MSG.resetLinkSent });
    },
  });

  r.post('/v1/account/password-reset/finish', {
    config: { access: 'public' },
    schema: { tags: ['account'], body: passwordResetFinish, response: { 200: message, ...errors } },
    handler: async (request) => {
      await finishPasswordReset(app.db, request.body.token, request.body.password);
      return { message: MSG.passwordResetDone };
    },
  });
}
