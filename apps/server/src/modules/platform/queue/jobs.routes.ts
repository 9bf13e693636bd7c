// Jobs that used up their tries, for a business's owners and admins: what, why, when, and a way
// to run one again (GET /api/v1/jobs/failed, POST /api/v1/jobs/{id}/retry).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problem } from '@fieldops/shared/common';
import { MSG } from '@fieldops/shared/messages';
import { failedJob, type FailedJob } from '@fieldops/shared/notifications';
import { notFound } from '../../../lib/errors.ts';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';

const SUMMARIES: Record<string, string> = {
  'mail.send': 'E-mail',
  'push.send': 'Push notification',
  'events.fanout': 'Notifications of an event',
  'events.digest': 'Notification digest',
  'inspection.mail': 'Inspection report by e-mail',
  'imports.run': 'Import of members or sites',
  'photos.check': 'Check of an answer photo for review',
  'sla.recompute': "Recomputing open tickets' SLA due times",
  'webhooks.dispatch': 'Webhook deliveries of an event',
  'webhooks.send': 'Webhook delivery',
};

const errorOf = (output: unknown) => {
  if (output && typeof output === 'object' && 'message' in output) return String((output as { message: unknown }).message).slice(0, 500);
  return output ? JSON.stringify(output).slice(0, 500) : '';
};

export async function jobsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

  r.get('/v1/jobs/failed', {
    config: { roles: ADMINS },
    schema: { tags: ['jobs'], response: { 200: z.array(failedJob), ...errors } },
    handler: async (request) => {
      const { businessId } = requireTenant(request);
      const rows = await app.queue.failed(app.db, businessId);
      return rows.map((job): FailedJob => ({
        id: job.id,
        name: job.name,
        summary: SUMMARIES[job.name] ?? job.name,
        error: errorOf(job.output),
        attempts: job.retryCount + 1,
        failedAt: job.completedOn.toISOString(),
      }));
    },
  });

  r.post('/v1/jobs/:id/retry', {
    config: { roles: ADMINS },
    schema: { tags: ['jobs'], params: z.object({ id: z.uuid() }), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const { businessId } = requireTenant(request);
      if (!(await app.queue.retry(app.db, businessId, request.params.id))) throw notFound(MSG.jobNotFound);
      return reply.status(204).send(null);
    },
  });
}
