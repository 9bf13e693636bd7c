// Actions of tasks: GET /v1/tasks/{taskId}/actions (all, in order), GET /v2/tasks/{taskId}/actions
// (paged), GET/POST /v1/actions, PUT/DELETE /v1/actions/{id}, POST /v1/actions/{id}/duplicate,
// POST /v1/actions/order, PUT /v1/actions/{id}/criteria and GET /v1/action-types.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam, pageQuery, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import {
  action, actionRequest, actionType, actionUpdateRequest, criteriaRequest, reorderActionsRequest,
} from '@fieldops/shared/tasks';
import { requireTenant } from '../../plugins/auth.ts';
import { workflowEditorsOnly } from '../../policies/workflow.ts';
import { ACTION_TYPE_INFOS } from './action-types.ts';
import {
  createAction, deleteAction, duplicateAction, listActions, pageActions, reorderActions, requireTaskExists, setCriteria,
  updateAction,
} from './actions.service.ts';

export async function actionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const editors = { preHandler: workflowEditorsOnly };
  const actionParams = idParam('id');

  const allOfTask = async (businessId: number, taskId: number) => {
    await requireTaskExists(app.db, businessId, taskId);
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
    handler: async (request, reply) =>
      reply.status(201).send(await createAction(app.db, requireTenant(request).businessId, request.body)),
  });

  r.post('/v1/actions/order', {
    ...editors,
    schema: { tags: ['actions'], body: reorderActionsRequest, response: { 200: z.array(action), ...errors } },
    handler: (request) => reorderActions(app.db, requireTenant(request).businessId, request.body),
  });

  r.put('/v1/actions/:id', {
    ...editors,
    schema: { tags: ['actions'], params: actionParams, body: actionUpdateRequest, response: { 200: action, ...errors } },
    handler: (request) => updateAction(app.db, requireTenant(request).businessId, request.params.id, request.body),
  });

  r.delete('/v1/actions/:id', {
    ...editors,
    schema: { tags: ['actions'], params: actionParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteAction(app.db, requireTenant(request).businessId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/actions/:id/duplicate', {
    ...editors,
    schema: { tags: ['actions'], params: actionParams, response: { 201: action, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await duplicateAction(app.db, requireTenant(request).businessId, request.params.id)),
  });

  r.put('/v1/actions/:id/criteria', {
    ...editors,
    schema: { tags: ['actions'], params: actionParams, body: criteriaRequest, response: { 200: action, ...errors } },
    handler: (request) => setCriteria(app.db, requireTenant(request).businessId, request.params.id, request.body.criteria),
  });
}
