// GET /api/health answers once the app is ready, and 503 while it drains to stop; GET /api/files/{key} serves stored files, to a
// signed link only (plugins/file-links.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, STATUS_MESSAGES } from '@fieldops/shared/messages';
import { health } from '@fieldops/shared/account';
import { problem } from '@fieldops/shared/common';
import { AppError, notFound } from '../../../lib/errors.ts';
import { ownersOf } from '../../../lib/file-owners.ts';
import { MIME_BY_EXTENSION } from '../../../lib/uploads.ts';

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['system'], response: { 200: health, 503: problem } },
    handler: () => {
      // A load balancer takes an instance that is stopping out of its rotation.
      if (app.drain.draining) throw new AppError(503, STATUS_MESSAGES[503], { detail: 'The server is stopping.' });
      return { status: 'UP' as const };
    },
  });

  r.get('/files/:key', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      params: z.object({ key: z.string() }),
      querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
    },
    handler: async (request, reply) => {
      const { key } = request.params;
      // Checked before the file is looked for, so an unsigned request cannot tell which keys exist.
      const owner = (await ownersOf(app.db, [key])).get(key)?.owner;
      const expires = owner === undefined ? null : app.fileLinks.verify(key, request.query.expires, request.query.signature, owner);
      if (expires === null) throw new AppError(403, MSG.accessDenied, { detail: 'The file link is unsigned, expired or not genuine.' });
      const data = await app.storage.read(key);
      if (!data) throw notFound();
      const extension = key.split('.').pop() ?? '';
      // Cached by this browser only, and no longer than the link is good for.
      const maxAge = Math.max(0, expires - Math.ceil(Date.now() / 1000));
      return reply
        .type(MIME_BY_EXTENSION[extension] ?? 'application/octet-stream')
        .header('Cache-Control', `private, max-age=${maxAge}`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(data);
    },
  });
}
