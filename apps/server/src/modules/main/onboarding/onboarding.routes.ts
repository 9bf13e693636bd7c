// POST /api/v1/register and POST /api/v1/onboarding/user/{userId}/business.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { business, onboardingBusinessRequest, registerRequest, registerResponse } from '@fieldops/shared/account';
import { idParam, problem } from '@fieldops/shared/common';
import { requireUser } from '../../../plugins/auth.ts';
import { onboardBusiness, registerUser } from './onboarding.service.ts';

export async function onboardingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 409: problem, 429: problem };

  r.post('/v1/register', {
    config: { access: 'public', addressLimit: 20 },
    schema: { tags: ['account'], body: registerRequest, response: { 201: registerResponse, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await registerUser(app, request.body)),
  });

  r.post('/v1/onboarding/user/:userId/business', {
    config: { access: 'user' },
    schema: {
      tags: ['account'],
      params: idParam('userId'),
      body: onboardingBusinessRequest,
      response: { 201: business, ...errors },
    },
    handler: async (request, reply) => {
      const created = await onboardBusiness(app, requireUser(request), request.params.userId, request.body);
      return reply.status(201).send(created);
    },
  });
}
