// Sections of tasks: GET /v1/tasks/{taskId}/sections, POST /v1/sections, PUT/DELETE
// /v1/sections/{id}, PUT /v1/sections/{id}/criteria, and the whole layout of a task after a move
// in the builder: PUT /v1/tasks/{taskId}/layout.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import { action, criteriaRequest, layoutRequest, section, sectionRequest, sectionUpdateRequest } from '@fieldops/shared/tasks';
import { requireTenant } from '../../../plugins/auth.ts';
import { workflowEditorsOnly } from '../../../policies/workflow.ts';
import { listActions } from './actions.service.ts';
import { createSection, deleteSection, listSections, setLayout, setSectionCriteria, updateSection } from './sections.service.ts';

export async function sectionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const editors = { preHandler: workflowEditorsOnly };
  const params = idParam('id');
  const taskParams = idParam('taskId');

  r.get('/v1/tasks/:taskId/sections', {
    schema: { tags: ['sections'], params: taskParams, response: { 200: z.array(section), ...errors } },
    handler: (request) => listSections(app.db, requireTenant(request).businessId, request.params.taskId),
  });

  r.post('/v1/sections', {
    ...editors,
    schema: { tags: ['sections'], body: sectionRequest, response: { 201: section, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createSection(app.db, requireTenant(request), request.body)),
  });

  r.put('/v1/sections/:id', {
    ...editors,
    schema: { tags: ['sections'], params, body: sectionUpdateRequest, response: { 200: section, ...errors } },
    handler: (request) => updateSection(app.db, requireTenant(request), request.params.id, request.body),
  });

  r.put('/v1/sections/:id/criteria', {
    ...editors,
    schema: { tags: ['sections'], params, body: criteriaRequest, response: { 200: section, ...errors } },
    handler: (request) => setSectionCriteria(app.db, requireTenant(request), request.params.id, request.body.criteria),
  });

  r.delete('/v1/sections/:id', {
    ...editors,
    schema: { tags: ['sections'], params, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteSection(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.put('/v1/tasks/:taskId/layout', {
    ...editors,
    schema: {
      tags: ['sections'],
      params: taskParams,
      body: layoutRequest,
      response: { 200: z.object({ sections: z.array(section), actions: z.array(action) }), ...errors },
    },
    handler: async (request) => {
      const caller = requireTenant(request);
      const { businessId } = caller;
      await setLayout(app.db, caller, request.params.taskId, request.body);
      const [sections, actions] = await Promise.all([
        listSections(app.db, businessId, request.params.taskId),
        listActions(app.db, businessId, request.params.taskId),
      ]);
      return { sections, actions };
    },
  });
}
