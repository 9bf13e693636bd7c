// Links of exported files: POST, GET and DELETE /v1/report/export-links (workflow base) make, list
// and revoke an export's links; GET /api/export-links/{token}/{key} (main base, public: a file
// opened from a PDF or a spreadsheet carries no sign-in) serves one file of a live link.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageQuery, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { exportLink, exportLinkCreated, exportLinkRequest } from '@fieldops/shared/reports';
import { notFound } from '../../../lib/errors.ts';
import { MIME_BY_EXTENSION } from '../../../lib/uploads.ts';
import { requireTenant } from '../../../plugins/auth.ts';
import { createExportLink, listExportLinks, liveExportLink, revokeLink } from './export-links.service.ts';

export async function exportLinksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

  r.post('/v1/report/export-links', {
    schema: {
      tags: ['reports'],
      summary: "Links for an export's photos and voice notes that keep working",
      description:
        'files are the storage keys of the photos and voice notes of answers the caller sees; days (1 to 3650, default 365) is how long the links work unless revoked.',
      body: exportLinkRequest,
      response: { 201: exportLinkCreated, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createExportLink(app.db, requireTenant(request), request.body)),
  });

  r.get('/v1/report/export-links', {
    schema: {
      tags: ['reports'],
      summary: "Exports' links, newest first: every one of the business for owners and admins, one's own for anyone else",
      querystring: pageQuery,
      response: { 200: z.array(exportLink), ...errors },
    },
    handler: async (request, reply) => {
      const { items, total } = await listExportLinks(app.db, requireTenant(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.delete('/v1/report/export-links/:id', {
    schema: {
      tags: ['reports'],
      summary: "Revokes an export's links: its files no longer open from it",
      params: idParam('id'),
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await revokeLink(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}

export async function exportLinkFilesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/export-links/:token/:key', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'One file of an export, through its link',
      params: z.object({ token: z.string().max(64), key: z.string().max(64) }),
    },
    handler: async (request, reply) => {
      const { token, key } = request.params;
      // Unknown, revoked, expired or another file: all alike, so a link tells nothing of others.
      const expiresAt = await liveExportLink(app.db, token, key);
      if (!expiresAt) throw notFound();
      const data = await app.storage.read(key);
      if (!data) throw notFound();
      const extension = key.split('.').pop() ?? '';
      return reply
        .type(MIME_BY_EXTENSION[extension] ?? 'application/octet-stream')
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .send(data);
    },
  });
}
