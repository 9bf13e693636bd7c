// Task templates: GET /v1/tasks/templates, GET/DELETE /v1/tasks/templates/{templateId},
// POST /v1/tasks/templates/{templateId}/tasks (a task from a template) and
// POST /v1/tasks/{taskId}/template (a template from a task).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { task, template, templateDetail, templatesQuery } from '@fieldops/shared/tasks';
import { requireTenant } from '../../../plugins/auth.ts';
import { workflowEditorsOnly } from '../../../policies/workflow.ts';
import { findTemplates, TEMPLATE_SORT_FIELDS, type TemplateSortField } from './templates.repository.ts';
import { createTaskFromTemplate, deleteTemplate, requireTemplate, saveTaskAsTemplate } from './templates.service.ts';

const isSortField = (field: string | undefined): field is TemplateSortField =>
  field !== undefined && (TEMPLATE_SORT_FIELDS as readonly string[]).includes(field);
const templateListQuery = templatesQuery.superRefine((query, ctx) => {
  if (query.sort && !isSortField(query.sort.split(',')[0])) ctx.addIssue({ code: 'custom', path: ['sort'], message: MSG.invalid });
});

export async function templatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const editors = { preHandler: workflowEditorsOnly };
  const templateParams = idParam('templateId');

  r.get('/v1/tasks/templates', {
    schema: { tags: ['templates'], querystring: templateListQuery, response: { 200: z.array(template), ...errors } },
    handler: async (request, reply) => {
      const { page, size, sort, searchKey } = request.query;
      const [field, dir] = (sort ?? 'id,desc').split(',');
      const { items, total } = await findTemplates(
        app.db,
        requireTenant(request).businessId,
        { searchKey },
        { page, size, sort: isSortField(field) ? field : 'id', dir: dir === 'desc' ? 'desc' : 'asc' },
      );
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v1/tasks/templates/:templateId', {
    schema: { tags: ['templates'], params: templateParams, response: { 200: templateDetail, ...errors } },
    handler: (request) => requireTemplate(app.db, requireTenant(request).businessId, request.params.templateId),
  });

  r.post('/v1/tasks/templates/:templateId/tasks', {
    ...editors,
    schema: { tags: ['templates'], params: templateParams, response: { 201: task, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createTaskFromTemplate(app.db, requireTenant(request), request.params.templateId)),
  });

  r.post('/v1/tasks/:taskId/template', {
    ...editors,
    schema: { tags: ['templates'], params: idParam('taskId'), response: { 201: template, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await saveTaskAsTemplate(app.db, requireTenant(request), request.params.taskId)),
  });

  r.delete('/v1/tasks/templates/:templateId', {
    ...editors,
    schema: { tags: ['templates'], params: templateParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteTemplate(app.db, requireTenant(request).businessId, request.params.templateId);
      return reply.status(204).send(null);
    },
  });
}
