// The audit log, for owners and administrators of the business: GET /api/v1/audit-log (a page,
// newest first, filtered) and GET /api/v1/audit-log/export (the same as CSV). Nothing updates or
// deletes an entry. POST /api/v1/exports records a file the web app made from what it read.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLogPage as auditLogPageSchema, auditLogQuery, exportRecordRequest } from '@fieldops/shared/audit-log';
import { problem } from '@fieldops/shared/common';
import { fieldError } from '../../../lib/errors.ts';
import { MSG } from '@fieldops/shared/messages';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import { auditLogPage, exportAuditLog, recordExport } from './audit-log.service.ts';

const FILTERS =
  "kind is a kind (member.role_changed) or an area (member); actorId the person who acted; targetType and targetId what was changed; from and to calendar dates in the business's time zone, both inclusive; q text in the actor's or the target's name.";

/** The CSV, sent as it is read. */
const sendCsv = (reply: FastifyReply, lines: AsyncGenerator<string>) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', 'attachment; filename="audit-log.csv"')
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(Readable.from(lines));

export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };
  const admins = { roles: ADMINS };
  const checkRange = (query: { from?: string; to?: string }) => {
    if (query.from && query.to && query.to < query.from) throw fieldError('to', MSG.endBeforeStart);
  };

  r.get('/v1/audit-log', {
    config: admins,
    schema: {
      tags: ['audit'],
      summary: "The business's audit log, newest first: who did what, when, from which address and client, and what changed",
      description: `${FILTERS} A page holds size entries (default 50, at most 200); pass nextBefore as before for the next one.`,
      querystring: auditLogQuery,
      response: { 200: auditLogPageSchema, ...errors },
    },
    handler: (request) => auditLogPage(app.db, requireTenant(request), (checkRange(request.query), request.query)),
  });

  r.get('/v1/audit-log/export', {
    config: { ...admins, recordsEvents: true },
    schema: {
      tags: ['audit'],
      summary: 'The filtered audit log as CSV (UTF-8, newest first); the export is itself recorded',
      description: `${FILTERS} Cells a spreadsheet would read as a formula start with an apostrophe.`,
      querystring: auditLogQuery,
      response: errors,
    },
    handler: async (request, reply) => {
      checkRange(request.query);
      const { size: _size, ...filter } = request.query;
      const lines = await exportAuditLog(app.db, requireTenant(request), filter);
      return sendCsv(reply, lines);
    },
  });

  r.post('/v1/exports', {
    schema: {
      tags: ['audit'],
      summary: 'Records in the audit log a file the web app made from data it read (a report, an SLA export)',
      body: exportRecordRequest,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await recordExport(app.db, requireTenant(request), request.body);
      return reply.status(204).send(null);
    },
  });
}
