// GET /api/health answers once the app is ready; GET /api/files/{key} serves stored files.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { health } from '@fieldops/shared/account';
import { notFound } from '../../lib/errors.ts';
import { MIME_BY_EXTENSION } from '../../lib/uploads.ts';

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['system'], response: { 200: health } },
    handler: () => ({ status: 'UP' as const }),
  });

  r.get('/files/:key', {
    config: { access: 'public' },
    schema: { tags: ['system'], params: z.object({ key: z.string() }) },
    handler: async (request, reply) => {
      const data = await app.storage.read(request.params.key);
      if (!data) throw notFound();
      const extension = request.params.key.split('.').pop() ?? '';
      return reply
        .type(MIME_BY_EXTENSION[extension] ?? 'application/octet-stream')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(data);
    },
  });
}
