// Member activation by key: GET /api/v1/activation-detail and GET /api/v1/activate read what a key
// is for and change nothing; POST /api/v1/activate activates with the person's own name and
// password (and, if they like, the PIN they will sign in with on their site's kiosk). A key works for a week (an admin of the inviting business can issue a new one).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activateRequest, activateResponse, activationDetail, activationKeyQuery } from '@fieldops/shared/account';
import { problem } from '@fieldops/shared/common';
import { MSG } from '@fieldops/shared/messages';
import { badRequest } from '../../../lib/errors.ts';
import { hashNewPassword, hashPassword } from '../../../lib/password.ts';
import { activateByKey, requireActivationDetail } from './activation.service.ts';

export async function activationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 404: problem };

  const requireKey = (key: string | undefined) => {
    const trimmed = key?.trim();
    if (!trimmed) throw badRequest(MSG.activationKeyMissing, [{ field: 'key', message: MSG.activationKeyMissing }]);
    return trimmed;
  };

  for (const url of ['/v1/activation-detail', '/v1/activate']) {
    r.get(url, {
      config: { access: 'public' },
      schema: { tags: ['account'], querystring: activationKeyQuery, response: { 200: activationDetail, ...errors } },
      handler: (request) => requireActivationDetail(app.db, requireKey(request.query.key)),
    });
  }

  /** Activates with the member's own name, password and optional kiosk PIN; the key is spent. */
  r.post('/v1/activate', {
    config: { access: 'public' },
    schema: { tags: ['account'], body: activateRequest, response: { 200: activateResponse, ...errors } },
    handler: async (request) => {
      const key = requireKey(request.body.key);
      await requireActivationDetail(app.db, key);
      const passwordHash = await hashNewPassword(request.body.password, 'password');
      const pinHash = request.body.pin ? await hashPassword(request.body.pin) : null;
      const username = await activateByKey(app.db, key, request.body.name, passwordHash, pinHash);
      return { activated: true as const, username };
    },
  });
}
