// The bell (GET /api/v1/notifications, its unread count and live stream, marking read) and a
// person's notification settings and language.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import { languageRequest, notificationList, notificationSettings, notificationsQuery, unreadCount } from '@fieldops/shared/notifications';
import { requireSession, requireTenant, requireUser } from '../../../plugins/auth.ts';
import { keepWhileAdmitted, sendEventStream } from '../../../plugins/event-stream.ts';
import { setLanguage } from './notifications.repository.ts';
import { notificationsOf, readAll, readOne, settingsFor, unreadOf, updateSettings } from './notifications.service.ts';

const HEARTBEAT_MS = 25_000;

export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

  r.get('/v1/notifications', {
    schema: { tags: ['notifications'], querystring: notificationsQuery, response: { 200: notificationList, ...errors } },
    handler: (request) => {
      const { userId, businessId } = requireTenant(request);
      const { unread, before, size } = request.query;
      return notificationsOf(app.db, userId, businessId, { unread: unread === 'true', before, size });
    },
  });

  r.get('/v1/notifications/unread-count', {
    schema: { tags: ['notifications'], response: { 200: unreadCount, ...errors } },
    handler: (request) => {
      const { userId, businessId } = requireTenant(request);
      return unreadOf(app.db, userId, businessId);
    },
  });

  r.post('/v1/notifications/:id/read', {
    schema: { tags: ['notifications'], params: idParam('id'), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const { userId, businessId } = requireTenant(request);
      await readOne(app.db, userId, businessId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/notifications/read-all', {
    schema: { tags: ['notifications'], response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const { userId, businessId } = requireTenant(request);
      await readAll(app.db, userId, businessId);
      return reply.status(204).send(null);
    },
  });

  app.get('/v1/notifications/stream', {
    schema: {
      tags: ['notifications'],
      summary: 'The unread count, live (server-sent events)',
      description:
        'text/event-stream: `event: unread` with `{"unread": n}` when the stream opens and whenever the count changes, from any instance; a comment line every 25 seconds. Read it with fetch (it needs the bearer token and X-Api-Key).',
      produces: ['text/event-stream'],
      response: { 401: problem, 403: problem },
    },
    handler: async (request, reply) => {
      const caller = requireTenant(request);
      const { sessionId } = requireSession(request);
      const stream = new PassThrough();
      stream.write(`retry: 5000\n: connected\n\n`);
      const { unread } = await unreadOf(app.db, caller.userId, caller.businessId);
      const unsubscribe = await app.bell.subscribe(
        {
          userId: caller.userId,
          businessId: caller.businessId,
          send: (count) => stream.write(`event: unread\ndata: ${JSON.stringify({ unread: count })}\n\n`),
          end: () => stream.end(),
        },
        unread,
      );
      const keepWatching = keepWhileAdmitted(app.callers, caller, sessionId, stream, HEARTBEAT_MS);
      return sendEventStream(reply, stream, () => {
        keepWatching();
        unsubscribe();
      });
    },
  });

  r.get('/v1/account/notification-settings', {
    config: { access: 'user' },
    schema: { tags: ['notifications'], response: { 200: notificationSettings, ...errors } },
    handler: (request) => settingsFor(app.db, requireUser(request)),
  });

  r.put('/v1/account/notification-settings', {
    config: { access: 'user' },
    schema: { tags: ['notifications'], body: notificationSettings, response: { 200: notificationSettings, ...errors } },
    handler: (request) => updateSettings(app.db, requireUser(request), request.body),
  });

  r.put('/v1/account/language', {
    config: { access: 'user', duringPasswordReset: true },
    schema: { tags: ['account'], body: languageRequest, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await setLanguage(app.db, requireUser(request), request.body.language);
      return reply.status(204).send(null);
    },
  });
}
