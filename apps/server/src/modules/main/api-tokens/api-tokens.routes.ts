// A business's API tokens, for its owners and administrators: GET /api/v1/api-tokens (newest
// first), POST /api/v1/api-tokens (answers the token this once) and DELETE /api/v1/api-tokens/{id}
// (revokes it at once). No token may call these (lib/token-areas.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiToken, apiTokensQuery, createApiTokenRequest, createdApiToken } from '@fieldops/shared/api-tokens';
import { idParam, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts';

export async function apiTokensRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };
  const admins = { roles: ADMINS };

  r.get('/v1/api-tokens', {
    config: admins,
    schema: {
      tags: ['api-tokens'],
      summary: "The business's API tokens, newest first: name, first characters, scopes, expiry, last use and state",
      querystring: apiTokensQuery,
      response: { 200: z.array(apiToken), ...errors },
    },
    handler: async (request, reply) => {
      const { items, total } = await listApiTokens(app.db, requireTenant(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.post('/v1/api-tokens', {
    // The answer holds the token, shown once: it is never kept for an Idempotency-Key replay.
    config: { ...admins, idempotent: false },
    schema: {
      tags: ['api-tokens'],
      summary: 'An API token with a name, scopes (area → read or write) and an expiry; the token is in this answer only',
      body: createApiTokenRequest,
      response: { 201: createdApiToken, ...errors, 409: problem },
    },
    handler: async (request, reply) => reply.status(201).send(await createApiToken(app.db, requireTenant(request), request.body)),
  });

  r.delete('/v1/api-tokens/:id', {
    config: admins,
    schema: {
      tags: ['api-tokens'],
      summary: 'Revokes an API token: it is refused from now on, on every instance',
      params: idParam('id'),
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await revokeApiToken(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
