// Webhooks, for owners and admins: GET/POST /api/v1/webhooks, PATCH/DELETE /api/v1/webhooks/{id},
// POST /api/v1/webhooks/{id}/rotate-secret, GET /api/v1/webhooks/{id}/secret, POST
// /api/v1/webhooks/{id}/enable, POST /api/v1/webhooks/{id}/test, GET
// /api/v1/webhooks/{id}/deliveries and POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import { TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import {
  createWebhookRequest,
  updateWebhookRequest,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookEndpoint,
  webhookSecret,
  webhookWithSecret,
  webhooksQuery,
} from '@fieldops/shared/webhooks';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  sendTestMessage,
  updateWebhook,
} from './webhooks.service.ts';

const deliveryParams = idParam('id').extend(idParam('deliveryId').shape);

export async function webhooksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };
  const admins = { roles: ADMINS };
  const tags = ['webhooks'];

  r.get('/v1/webhooks', {
    config: admins,
    schema: {
      tags,
      summary: "The business's webhook endpoints, newest first",
      querystring: webhooksQuery,
      response: { 200: z.array(webhookEndpoint), ...errors },
    },
    handler: async (request, reply) => {
      const { items, total } = await listWebhooks(app.db, requireTenant(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.post('/v1/webhooks', {
    // The answer holds the signing secret: it is never kept for an Idempotency-Key replay.
    config: { ...admins, idempotent: false },
    schema: {
      tags,
      summary: 'Registers an endpoint for some events; answers its signing secret in full',
      body: createWebhookRequest,
      response: { 201: webhookWithSecret, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createWebhook(app.db, requireTenant(request), request.body, app.webhookOptions)),
  });

  r.patch('/v1/webhooks/:id', {
    config: admins,
    schema: {
      tags,
      summary: "Changes an endpoint's address, description or events",
      params: idParam('id'),
      body: updateWebhookRequest,
      response: { 200: webhookEndpoint, ...errors },
    },
    handler: (request) => updateWebhook(app.db, requireTenant(request), request.params.id, request.body, app.webhookOptions),
  });

  r.delete('/v1/webhooks/:id', {
    config: admins,
    schema: { tags, summary: 'Deletes an endpoint and its deliveries', params: idParam('id'), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await deleteWebhook(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/webhooks/:id/rotate-secret', {
    // The answer holds the signing secret: it is never kept for an Idempotency-Key replay.
    config: { ...admins, idempotent: false },
    schema: {
      tags,
      summary: 'A new signing secret, answered in full; the previous one keeps signing beside it for a day',
      params: idParam('id'),
      response: { 200: webhookWithSecret, ...errors },
    },
    handler: (request) => rotateWebhookSecret(app.db, requireTenant(request), request.params.id),
  });

  r.get('/v1/webhooks/:id/secret', {
    config: { ...admins, recordsEvents: true },
    schema: {
      tags,
      summary: "The endpoint's current signing secret (the reveal is in the audit log)",
      params: idParam('id'),
      response: { 200: webhookSecret, ...errors },
    },
    handler: (request) => revealWebhookSecret(app.db, requireTenant(request), request.params.id),
  });

  r.post('/v1/webhooks/:id/enable', {
    config: admins,
    schema: { tags, summary: 'Turns an endpoint on again after it was turned off', params: idParam('id'), response: { 200: webhookEndpoint, ...errors } },
    handler: (request) => enableWebhook(app.db, requireTenant(request), request.params.id),
  });

  r.post('/v1/webhooks/:id/test', {
    config: admins,
    schema: { tags, summary: 'Sends a test message (type webhook.test) to the endpoint', params: idParam('id'), response: { 202: webhookDelivery, ...errors } },
    handler: async (request, reply) => reply.status(202).send(await sendTestMessage(app.db, requireTenant(request), request.params.id)),
  });

  r.get('/v1/webhooks/:id/deliveries', {
    config: admins,
    schema: {
      tags,
      summary: "An endpoint's deliveries, newest first, each with its attempts",
      params: idParam('id'),
      querystring: webhookDeliveriesQuery,
      response: { 200: z.array(webhookDelivery), ...errors },
    },
    handler: async (request, reply) => {
      const { items, total } = await listDeliveries(app.db, requireTenant(request), request.params.id, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.post('/v1/webhooks/:id/deliveries/:deliveryId/resend', {
    config: admins,
    schema: {
      tags,
      summary: 'Sends a delivery again, with the same webhook-id',
      params: deliveryParams,
      response: { 202: webhookDelivery, ...errors, 409: problem },
    },
    handler: async (request, reply) =>
      reply.status(202).send(await resendDelivery(app.db, requireTenant(request), request.params.id, request.params.deliveryId)),
  });
}
