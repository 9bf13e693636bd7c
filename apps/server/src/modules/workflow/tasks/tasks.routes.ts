// Tasks: GET/POST /v1/tasks, GET/PUT/DELETE /v1/tasks/{taskId}, PUT /v2/tasks/{taskId} and
// PUT /v2/tasks/{taskId}/settings. Every member of the business reads them; owners, admins and
// site supervisors change them. A task read or copied with its actions is served by the actions
// module (actions.routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { task, taskRequest, taskSettingsRequest, tasksQuery } from '@fieldops/shared/tasks';
import { requireTenant } from '../../../plugins/auth.ts';
import { workflowEditorsOnly } from '../../../policies/workflow.ts';
import { TASK_SORT_FIELDS, type TaskSortField } from './tasks.repository.ts';
import { createTask, deleteTask, listTasks, requireTask, updateTask, updateTaskSettings } from './tasks.service.ts';

const isSortField = (field: string | undefined): field is TaskSortField => field !== undefined && (TASK_SORT_FIELDS as readonly string[]).includes(field);

/** `sort=field,dir` over the fields a task list can be ordered by; `id,desc` by default. */
const taskListQuery = tasksQuery.superRefine((query, ctx) => {
  if (query.sort && !isSortField(query.sort.split(',')[0])) ctx.addIssue({ code: 'custom', path: ['sort'], message: MSG.invalid });
});

export async function tasksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const taskParams = idParam('taskId');
  const editors = { preHandler: workflowEditorsOnly };

  r.get('/v1/tasks', {
    schema: { tags: ['tasks'], querystring: taskListQuery, response: { 200: z.array(task), ...errors } },
    handler: async (request, reply) => {
      const { page, size, sort, searchKey, tagId, draft } = request.query;
      const [field, dir] = (sort ?? 'id,desc').split(',');
      const { items, total } = await listTasks(
        app.db,
        requireTenant(request).businessId,
        { searchKey, tagId, draft },
        { page, size, sort: isSortField(field) ? field : 'id', dir: dir === 'desc' ? 'desc' : 'asc' },
      );
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.post('/v1/tasks', {
    ...editors,
    schema: { tags: ['tasks'], body: taskRequest, response: { 201: task, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createTask(app.db, requireTenant(request), request.body)),
  });

  r.get('/v1/tasks/:taskId', {
    schema: { tags: ['tasks'], params: taskParams, response: { 200: task, ...errors } },
    handler: (request) => requireTask(app.db, requireTenant(request).businessId, request.params.taskId),
  });

  for (const url of ['/v1/tasks/:taskId', '/v2/tasks/:taskId']) {
    r.put(url, {
      ...editors,
      schema: { tags: ['tasks'], params: taskParams, body: taskRequest, response: { 200: task, ...errors } },
      handler: (request) => updateTask(app.db, requireTenant(request), request.params.taskId, request.body),
    });
  }

  r.put('/v2/tasks/:taskId/settings', {
    ...editors,
    schema: { tags: ['tasks'], params: taskParams, body: taskSettingsRequest, response: { 200: task, ...errors } },
    handler: (request) => updateTaskSettings(app.db, requireTenant(request), request.params.taskId, request.body),
  });

  r.delete('/v1/tasks/:taskId', {
    ...editors,
    schema: { tags: ['tasks'], params: taskParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteTask(app.db, requireTenant(request), request.params.taskId);
      return reply.status(204).send(null);
    },
  });
}
