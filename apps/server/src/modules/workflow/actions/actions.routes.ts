// Actions of tasks: GET /v1/tasks/{taskId}/actions (all, in order), GET /v2/tasks/{taskId}/actions
// (paged), GET/POST /v1/actions, PUT/DELETE /v1/actions/{id}, POST /v1/actions/{id}/duplicate,
// POST /v1/actions/order, PUT /v1/actions/{id}/criteria, PUT and DELETE /v1/actions/{id}/image (an
// instruction's picture, a multipart form with one file "file") and GET /v1/action-types; a task with its
// actions: GET /v2/tasks/{taskId} (eagerLoad) and POST /v1/tasks/{taskId}/duplicate; tags on
// actions: GET /v1/tags/{id}/actions, POST /v1/actions/assign/tags, DELETE /v1/actions/remove/tags
// (with a body).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam, pageQuery, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import {
  action,
  actionRequest,
  actionTagsRequest,
  actionType,
  actionUpdateRequest,
  criteriaRequest,
  reorderActionsRequest,
  tagAction,
  task,
  taskWithActions,
} from '@fieldops/shared/tasks';
import { uploadFile } from '../../../lib/uploads.ts';
import { requireTenant } from '../../../plugins/auth.ts';
import { workflowEditorsOnly } from '../../../policies/workflow.ts';
import { requireTaskRow } from '../tasks/tasks.service.ts';
import { assignTags, pageTagActions, unassignTags } from './action-tags.service.ts';
import { ACTION_TYPE_INFOS } from './action-types.ts';
import { createAction, deleteAction, duplicateAction, listActions, pageActions, reorderActions, setCriteria, updateAction } from './actions.service.ts';
import { removeInstructionImage, setInstructionImage } from './instruction-images.service.ts';
import { duplicateTask, getTaskWithActions } from './task-actions.service.ts';

const eagerQuery = z.object({ eagerLoad: z.enum(['true', 'false'], { error: MSG.invalid }).optional() });

export async function actionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const editors = { preHandler: workflowEditorsOnly };
  const actionParams = idParam('id');

  const allOfTask = async (businessId: number, taskId: number) => {
    await requireTaskRow(app.db, businessId, taskId);
    return listActions(app.db, businessId, taskId);
  };

  r.get('/v1/tasks/:taskId/actions', {
    schema: { tags: ['actions'], params: idParam('taskId'), response: { 200: z.array(action), ...errors } },
    handler: (request) => allOfTask(requireTenant(request).businessId, request.params.taskId),
  });

  r.get('/v1/actions', {
    schema: { tags: ['actions'], querystring: z.object({ taskId: id }), response: { 200: z.array(action), ...errors } },
    handler: (request) => allOfTask(requireTenant(request).businessId, request.query.taskId),
  });

  r.get('/v2/tasks/:taskId/actions', {
    schema: { tags: ['actions'], params: idParam('taskId'), querystring: pageQuery, response: { 200: z.array(action), ...errors } },
    handler: async (request, reply) => {
      const { page, size } = request.query;
      const { items, total } = await pageActions(app.db, requireTenant(request).businessId, request.params.taskId, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.get('/v1/action-types', {
    schema: { tags: ['actions'], response: { 200: z.array(actionType), ...errors } },
    handler: async () => [...ACTION_TYPE_INFOS],
  });

  r.post('/v1/actions', {
    ...editors,
    schema: { tags: ['actions'], body: actionRequest, response: { 201: action, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await createAction(app.db, requireTenant(request), request.body)),
  });

  r.post('/v1/actions/order', {
    ...editors,
    schema: { tags: ['actions'], body: reorderActionsRequest, response: { 200: z.array(action), ...errors } },
    handler: (request) => reorderActions(app.db, requireTenant(request), request.body),
  });

  r.put('/v1/actions/:id', {
    ...editors,
    schema: { tags: ['actions'], params: actionParams, body: actionUpdateRequest, response: { 200: action, ...errors } },
    handler: (request) => updateAction(app.db, requireTenant(request), request.params.id, request.body),
  });

  r.delete('/v1/actions/:id', {
    ...editors,
    schema: { tags: ['actions'], params: actionParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteAction(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/actions/:id/duplicate', {
    ...editors,
    schema: { tags: ['actions'], params: actionParams, response: { 201: action, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await duplicateAction(app.db, requireTenant(request), request.params.id)),
  });

  r.put('/v1/actions/:id/criteria', {
    ...editors,
    schema: { tags: ['actions'], params: actionParams, body: criteriaRequest, response: { 200: action, ...errors } },
    handler: (request) => setCriteria(app.db, requireTenant(request), request.params.id, request.body.criteria),
  });

  r.put('/v1/actions/:id/image', {
    ...editors,
    schema: {
      tags: ['actions'],
      params: actionParams,
      consumes: ['multipart/form-data'],
      response: { 200: action, ...errors, 413: problem },
    },
    handler: async (request) => {
      // The action is checked before the form is read; a form without a file is refused after.
      return setInstructionImage(app, requireTenant(request), request.params.id, () => uploadFile(request));
    },
  });

  r.delete('/v1/actions/:id/image', {
    ...editors,
    schema: { tags: ['actions'], params: actionParams, response: { 200: action, ...errors } },
    handler: (request) => removeInstructionImage(app, requireTenant(request), request.params.id),
  });

  const taskParams = idParam('taskId');
  r.get('/v2/tasks/:taskId', {
    schema: { tags: ['tasks'], params: taskParams, querystring: eagerQuery, response: { 200: taskWithActions, ...errors } },
    handler: (request) => getTaskWithActions(app.db, requireTenant(request).businessId, request.params.taskId, request.query.eagerLoad === 'true'),
  });

  r.post('/v1/tasks/:taskId/duplicate', {
    ...editors,
    schema: { tags: ['tasks'], params: taskParams, response: { 201: task, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await duplicateTask(app.db, requireTenant(request), request.params.taskId)),
  });

  r.get('/v1/tags/:id/actions', {
    schema: { tags: ['tags'], params: actionParams, querystring: pageQuery, response: { 200: z.array(tagAction), ...errors } },
    handler: async (request, reply) => {
      const { page, size } = request.query;
      const { items, total } = await pageTagActions(app.db, requireTenant(request).businessId, request.params.id, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.post('/v1/actions/assign/tags', {
    ...editors,
    schema: { tags: ['tags'], body: actionTagsRequest, response: { 200: action, ...errors } },
    handler: (request) => assignTags(app.db, requireTenant(request), request.body),
  });

  r.delete('/v1/actions/remove/tags', {
    ...editors,
    schema: { tags: ['tags'], body: actionTagsRequest, response: { 200: action, ...errors } },
    handler: (request) => unassignTags(app.db, requireTenant(request), request.body),
  });
}
