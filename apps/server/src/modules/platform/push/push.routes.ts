// A person's devices and Web Push: GET /api/v1/push/key (the VAPID public key a browser subscribes
// with), POST and DELETE /api/v1/push/subscriptions (this device's subscription, the caller's own).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problem } from '@fieldops/shared/common';
import { pushKey, pushSubscriptionRequest, pushUnsubscribeRequest } from '@fieldops/shared/notifications';
import { pushSettings } from '../../../config.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { publicKey, subscribe, unsubscribe } from './push.service.ts';

export async function pushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem };
  const settings = pushSettings();

  r.get('/v1/push/key', {
    config: { access: 'user' },
    schema: { tags: ['push'], response: { 200: pushKey, ...errors } },
    handler: async () => ({ publicKey: await publicKey(app.db, settings) }),
  });

  r.post('/v1/push/subscriptions', {
    config: { access: 'user' },
    schema: { tags: ['push'], body: pushSubscriptionRequest, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await subscribe(app.db, settings, requireUser(request), request.body);
      return reply.status(204).send(null);
    },
  });

  r.delete('/v1/push/subscriptions', {
    config: { access: 'user' },
    schema: { tags: ['push'], body: pushUnsubscribeRequest, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await unsubscribe(app.db, requireUser(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  });
}
