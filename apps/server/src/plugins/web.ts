// Serves the built web app, compressed at build time, and index.html for any non-API path so
// client routes work on reload.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@fieldops/shared/messages';
import { isApiPath, routedPath } from '../lib/api-paths.ts';
import { sendProblem } from './errors.ts';
import { createFirstScreen, FIRST_SCREEN_PATHS } from './first-screen.ts';

export const webPlugin = fp(async (app: FastifyInstance, opts: { root: string | null }) => {
  const root = opts.root && fs.existsSync(path.join(opts.root, 'index.html')) ? opts.root : null;
  if (root) {
    // `/` and `/tickets` of a signed-in visitor arrive with their first screen drawn (plugins/first-screen.ts).
    const firstScreen = createFirstScreen(app, root);
    for (const at of FIRST_SCREEN_PATHS) {
      app.get(at, async (request, reply) => {
        const page = await firstScreen(request, reply);
        if (page === null) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
        // One person's data: never kept by a cache, and a page for each cookie.
        return reply.header('Cache-Control', 'no-store').header('Vary', 'Cookie').type('text/html; charset=utf-8').send(page);
      });
    }
    await app.register(fastifyStatic, {
      root,
      index: ['index.html'],
      // The build wrote .br and .gz copies (apps/web/build/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders: (reply, file) => {
        // Hashed assets never change; index.html must always be fresh.
        reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const routed = routedPath(request.url);
    const isApi = routed.startsWith('/api') || isApiPath(routed);
    if (!isApi && root && request.method === 'GET') {
      // Sent, not returned: a returned reply is awaited once more, each time watching the response.
      void reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      return;
    }
    return sendProblem(reply, 404, MSG.notFound);
  });
});
