// The SLA report: GET /services/helpdesk/api/v1/report/sla (packages/shared/sla-report.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problem } from '@fieldops/shared/common';
import { MAX_REPORT_DAYS } from '@fieldops/shared/report-limits';
import { SLA_BREACH_LIMIT, slaReport as slaReportSchema, slaReportQuery } from '@fieldops/shared/sla-report';
import { requireTenant } from '../../../plugins/auth.ts';
import { slaReport } from './sla-report.service.ts';

export async function slaReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

  r.get('/v1/report/sla', {
    schema: {
      tags: ['helpdesk'],
      summary: 'How tickets kept to their SLA targets: shares met, median working minutes and breaches, in all and per category, priority, site and project',
      description: [
        'First responses are measured on the tickets created in the range, resolutions on the tickets resolved (or closed) in it.',
        'A share is met / (met + breached) over the tickets with a target whose response or resolution came; medians are working minutes (percentile_cont).',
        `The breaches list holds the newest ${SLA_BREACH_LIMIT}, by when the late response or resolution came; breachesTotal counts them all.`,
        `Dates are calendar dates in the business's time zone, both inclusive; without them the last 30 days up to today. A range longer than ${MAX_REPORT_DAYS} days or ending before it starts answers 400.`,
        'projects and teams (comma lists) narrow it. Owners and admins see every ticket of the business, a supervisor the tickets they see; other members answer 403.',
      ].join(' '),
      querystring: slaReportQuery,
      response: { 200: slaReportSchema, ...errors },
    },
    handler: (request) => slaReport(app.readDb, requireTenant(request), request.query),
  });
}
