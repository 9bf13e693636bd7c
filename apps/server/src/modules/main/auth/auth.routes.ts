// Sign-in and its sessions: POST /api/authenticate (username or e-mail and password for a
// token), POST /api/v1/logout (ends this session) and POST /api/v1/account/sign-out-everywhere
// (ends every session of the person, this one included).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequest, loginResponse } from '@fieldops/shared/account';
import { problem } from '@fieldops/shared/common';
import { endSession, endUserSessions } from '../../../lib/sessions.ts';
import { recordSignIn } from '../../platform/audit/audit.service.ts';
import { forgetFirstScreen } from '../../../plugins/first-screen.ts';
import { requireSession } from '../../../plugins/auth.ts';
import { authenticate } from './auth.service.ts';
import { createLoginLimiter } from '../../../lib/login-limiter.ts';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createLoginLimiter(app.db);
  r.post('/authenticate', {
    config: { access: 'public' },
    schema: {
      tags: ['account'],
      summary: 'Signs in with a password: {id_token}, or {twoFactor, challenge} when a second step is due (POST /api/authenticate/two-factor)',
      body: loginRequest,
      response: { 200: loginResponse, 400: problem, 401: problem, 403: problem, 429: problem },
    },
    handler: async (request) => authenticate(app, limiter, request.ip, request.body),
  });

  r.post('/v1/logout', {
    config: { access: 'user', duringPasswordReset: true },
    schema: { tags: ['account'], response: { 204: z.null(), 401: problem } },
    handler: async (request, reply) => {
      const session = requireSession(request);
      await endSession(app.db, session.sessionId);
      await recordSignIn(app.db, { userId: session.userId, outcome: 'signed_out' });
      forgetFirstScreen(request, reply);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/account/sign-out-everywhere', {
    config: { access: 'user', duringPasswordReset: true },
    schema: { tags: ['account'], response: { 204: z.null(), 401: problem } },
    handler: async (request, reply) => {
      const { userId } = requireSession(request);
      await endUserSessions(app.db, userId);
      await recordSignIn(app.db, { userId, outcome: 'signed_out', reason: 'everywhere' });
      return reply.status(204).send(null);
    },
  });
}
