// Projects: GET/POST/PUT /api/v1/projects, GET/DELETE /api/v1/projects/{id} and the paged
// /api/v1/projects/all/business. Everyone in the business reads them; owners and admins change
// them. The sites of a project are served by the teams module (teams.routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageQuery, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { listAllQuery, project, projectRequest, projectUpdateRequest } from '@fieldops/shared/organisation';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { createProject, deleteProject, listProjects, requireProject, updateProject } from './projects.service.ts';

export async function projectsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };

  for (const [url, querystring] of [
    ['/v1/projects', listAllQuery],
    ['/v1/projects/all/business', pageQuery],
  ] as const) {
    r.get(url, {
      schema: { tags: ['projects'], querystring, response: { 200: z.array(project), ...errors } },
      handler: async (request, reply) => {
        const { page, size } = request.query;
        const { items, total } = await listProjects(app.db, requireTenant(request).businessId, { page, size });
        reply.header(TOTAL_COUNT_HEADER, total);
        return items;
      },
    });
  }

  r.get('/v1/projects/:id', {
    schema: { tags: ['projects'], params: idParam('id'), response: { 200: project, ...errors } },
    handler: (request) => requireProject(app.db, requireTenant(request).businessId, request.params.id),
  });

  r.post('/v1/projects', {
    config: { roles: ADMINS },
    schema: { tags: ['projects'], body: projectRequest, response: { 201: project, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createProject(app.db, requireTenant(request), request.body)),
  });

  r.put('/v1/projects', {
    config: { roles: ADMINS },
    schema: { tags: ['projects'], body: projectUpdateRequest, response: { 200: project, ...errors } },
    handler: (request) => updateProject(app.db, requireTenant(request), request.body),
  });

  r.delete('/v1/projects/:id', {
    config: { roles: ADMINS },
    schema: { tags: ['projects'], params: idParam('id'), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteProject(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
