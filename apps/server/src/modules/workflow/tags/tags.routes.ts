// Tags: GET/POST /v1/tags and GET/PUT/DELETE /v1/tags/{id}. The actions of a tag and the tags
// of an action are served by the actions module (actions.routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageQuery, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { tag, tagRequest } from '@fieldops/shared/tasks';
import { requireTenant } from '../../../plugins/auth.ts';
import { workflowEditorsOnly } from '../../../policies/workflow.ts';
import { findTags } from './tags.repository.ts';
import { createTag, deleteTag, requireTag, updateTag } from './tags.service.ts';

export async function tagsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const editors = { preHandler: workflowEditorsOnly };
  const tagParams = idParam('id');

  r.get('/v1/tags', {
    schema: { tags: ['tags'], querystring: pageQuery, response: { 200: z.array(tag), ...errors } },
    handler: async (request, reply) => {
      const { page, size } = request.query;
      const { items, total } = await findTags(app.db, requireTenant(request).businessId, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.post('/v1/tags', {
    ...editors,
    schema: { tags: ['tags'], body: tagRequest, response: { 201: tag, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createTag(app.db, requireTenant(request).businessId, request.body)),
  });

  r.get('/v1/tags/:id', {
    schema: { tags: ['tags'], params: tagParams, response: { 200: tag, ...errors } },
    handler: (request) => requireTag(app.db, requireTenant(request).businessId, request.params.id),
  });

  r.put('/v1/tags/:id', {
    ...editors,
    schema: { tags: ['tags'], params: tagParams, body: tagRequest, response: { 200: tag, ...errors } },
    handler: (request) => updateTag(app.db, requireTenant(request).businessId, request.params.id, request.body),
  });

  r.delete('/v1/tags/:id', {
    ...editors,
    schema: { tags: ['tags'], params: tagParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteTag(app.db, requireTenant(request).businessId, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
