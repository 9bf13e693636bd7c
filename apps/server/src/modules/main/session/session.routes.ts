// GET /api/v1/account/session: what the web app needs to open, in one answer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problem } from '@fieldops/shared/common';
import { API_KEY_HEADER } from '@fieldops/shared/limits';
import { sessionBootstrap } from '@fieldops/shared/session';
import { requireUser } from '../../../plugins/auth.ts';
import { keepForFirstScreen } from '../../../plugins/first-screen.ts';
import { loadSession } from './session.service.ts';

export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/account/session', {
    config: { access: 'user', duringPasswordReset: true },
    schema: {
      tags: ['account'],
      description:
        'The account and, in the business named by X-Api-Key (or else the default business), the member, the business, ' +
        "its lookups, sites, first page of members, the members of the caller's own sites and the pending invitations.",
      response: { 200: sessionBootstrap, 401: problem, 403: problem, 404: problem },
    },
    handler: async (request, reply) => {
      const header = request.headers[API_KEY_HEADER.toLowerCase()];
      const key = typeof header === 'string' && header.trim() ? header.trim() : null;
      const session = await loadSession(app, requireUser(request), key);
      // The next page load of `/` can then be drawn on the server (plugins/first-screen.ts).
      keepForFirstScreen(request, reply);
      return session;
    },
  });
}
