// POST /api/authenticate: username or e-mail and password for a token.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequest, loginResponse } from '@fieldops/shared/account';
import { problem } from '@fieldops/shared/common';
import { authenticate } from './auth.service.ts';
import { createLoginLimiter } from './login-limiter.ts';

export async function authRoutes(app: FastifyInstance) {
  const limiter = createLoginLimiter();
  app.withTypeProvider<ZodTypeProvider>().post('/authenticate', {
    config: { access: 'public' },
    schema: {
      tags: ['account'],
      body: loginRequest,
      response: { 200: loginResponse, 400: problem, 401: problem, 429: problem },
    },
    handler: async (request) => ({
      id_token: await authenticate(app, limiter, request.ip, request.body),
    }),
  });
}
