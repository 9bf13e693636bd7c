// Headers every API answer carries: cross-origin access for the configured origins only
// (CORS_ORIGIN; none configured, the app's own origin only), and `Cache-Control: no-store`, as
// answers hold people's data and signed file links that no shared or disk cache should keep.
// The web app's static files and the signed files set their own caching.
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { KIOSK_TOKEN_HEADER } from '@fieldops/shared/kiosks';
import { API_KEY_HEADER, TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { isApiUrl } from '../lib/api-paths.ts';

export const apiHeadersPlugin = fp<{ corsOrigins: readonly string[] }>(async (app: FastifyInstance, { corsOrigins }) => {
  const allowed = new Set(corsOrigins);
  await app.register(cors, {
    // A same-origin request needs no CORS headers; any other origin (`null` too) gets none unless
    // listed, so a browser keeps its pages from reading the answers.
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    exposedHeaders: [TOTAL_COUNT_HEADER, 'Idempotent-Replayed', 'Retry-After'],
    allowedHeaders: ['Authorization', 'Content-Type', API_KEY_HEADER, 'Idempotency-Key', KIOSK_TOKEN_HEADER],
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
});
