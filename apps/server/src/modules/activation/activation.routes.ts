// Member activation by key: GET /api/v1/activation-detail, GET and POST /api/v1/activate.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activateRequest, activationDetail, activationKeyQuery } from '@fieldops/shared/account';
import { problem } from '@fieldops/shared/common';
import { MSG } from '@fieldops/shared/messages';
import { users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { findActivationDetail } from './activation.repository.ts';

const activated = z.object({ activated: z.literal(true), username: z.string() });

export async function activationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 404: problem };

  const requireKey = (key: string | undefined) => {
    const trimmed = key?.trim();
    if (!trimmed) throw badRequest(MSG.activationKeyMissing, [{ field: 'key', message: MSG.activationKeyMissing }]);
    return trimmed;
  };

  r.get('/v1/activation-detail', {
    config: { access: 'public' },
    schema: { tags: ['account'], querystring: activationKeyQuery, response: { 200: activationDetail, ...errors } },
    handler: async (request) => {
      const detail = await findActivationDetail(app.db, requireKey(request.query.key));
      if (!detail) throw notFound(MSG.activationKeyNotFound);
      return detail;
    },
  });

  /** Activates with the password the inviter set; the key is spent. */
  r.get('/v1/activate', {
    config: { access: 'public' },
    schema: { tags: ['account'], querystring: activationKeyQuery, response: { 200: activated, ...errors } },
    handler: async (request) => {
      const [user] = await app.db
        .update(users)
        .set({ activated: true, activationKey: null })
        .where(eq(users.activationKey, requireKey(request.query.key)))
        .returning({ username: users.username });
      if (!user) throw notFound(MSG.activationKeyNotFound);
      return { activated: true as const, username: user.username };
    },
  });

  /** Activates with the member's own name and password; the key is spent. */
  r.post('/v1/activate', {
    config: { access: 'public' },
    schema: { tags: ['account'], body: activateRequest, response: { 200: activated, ...errors } },
    handler: async (request) => {
      const key = requireKey(request.body.key);
      const passwordHash = await hashPassword(request.body.password);
      const [user] = await app.db
        .update(users)
        .set({ activated: true, activationKey: null, fullName: request.body.name, passwordHash })
        .where(eq(users.activationKey, key))
        .returning({ username: users.username });
      if (!user) throw notFound(MSG.activationKeyNotFound);
      return { activated: true as const, username: user.username };
    },
  });
}
