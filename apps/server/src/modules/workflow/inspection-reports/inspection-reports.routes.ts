// One inspection's report. Workflow base: GET /schedules/{id}/inspection/report (the page's data),
// GET …/report.pdf?lang=en|ar (the PDF), POST …/mail (the PDF to some addresses, through the
// queue), GET and POST …/shares (links that show it signed out) and DELETE /inspection-shares/{id}
// (revokes one). Main base, public (the link is the permission): GET /api/shared/inspections/{token},
// its report.pdf and files/{key}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, problem } from '@fieldops/shared/common';
import {
  inspectionMailRequest,
  inspectionReport,
  inspectionShare,
  inspectionShareCreated,
  inspectionShareRequest,
  reportLanguageQuery,
} from '@fieldops/shared/inspections';
import { sendPdf } from '../../../lib/pdf-files.ts';
import { MIME_BY_EXTENSION } from '../../../lib/uploads.ts';
import { requireTenant } from '../../../plugins/auth.ts';
import {
  createInspectionShare,
  getInspectionReport,
  inspectionReportPdf,
  listInspectionShares,
  mailInspectionReport,
  revokeInspectionShare,
  sharedReport,
  sharedReportFile,
  sharedReportPdf,
} from './inspection-reports.service.ts';

/** PDFs are drawn on request: a client address gets this many a window on the public link. */
const SHARED_PDF_LIMIT = 30;

export async function inspectionReportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem };

  r.get('/schedules/:id/inspection/report', {
    schema: {
      tags: ['schedules'],
      summary: "An inspection's report: the inspection, its business as the cover shows it, and the member's position",
      params: idParam('id'),
      response: { 200: inspectionReport, ...errors },
    },
    handler: async (request) => getInspectionReport(app.db, requireTenant(request), request.params.id),
  });

  r.get('/schedules/:id/inspection/report.pdf', {
    config: { recordsEvents: true },
    schema: {
      tags: ['schedules'],
      summary: "An inspection's report as a PDF, in English or Arabic",
      description: 'Its photos link to their files through lasting export links, listed and revocable with the other exports.',
      params: idParam('id'),
      querystring: reportLanguageQuery,
      response: { 400: problem, 401: problem, 403: problem, 404: problem },
    },
    handler: async (request, reply) => sendPdf(reply, await inspectionReportPdf(app, requireTenant(request), request.params.id, request.query.lang)),
  });

  r.post('/schedules/:id/inspection/mail', {
    schema: {
      tags: ['schedules'],
      summary: "Sends an inspection's report as a PDF to up to ten addresses",
      description: 'For those who manage its site. A shared link (30 days) is made for the message; the PDF is drawn and sent by a job.',
      params: idParam('id'),
      body: inspectionMailRequest,
      response: { 202: z.object({ queued: z.number() }), ...errors },
    },
    handler: async (request, reply) => reply.status(202).send(await mailInspectionReport(app, requireTenant(request), request.params.id, request.body)),
  });

  r.get('/schedules/:id/inspection/shares', {
    schema: {
      tags: ['schedules'],
      summary: "The links that show an inspection's report signed out, newest first",
      params: idParam('id'),
      response: { 200: z.array(inspectionShare), ...errors },
    },
    handler: async (request) => listInspectionShares(app.db, requireTenant(request), request.params.id),
  });

  r.post('/schedules/:id/inspection/shares', {
    schema: {
      tags: ['schedules'],
      summary: "A link that shows an inspection's report to anyone who has it, until it expires or is revoked",
      description: 'days: 1 to 365, 30 unless given. The address is in the answer only: keep it.',
      params: idParam('id'),
      body: inspectionShareRequest,
      response: { 201: inspectionShareCreated, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createInspectionShare(app, requireTenant(request), request.params.id, request.body)),
  });

  r.delete('/inspection-shares/:id', {
    schema: {
      tags: ['schedules'],
      summary: "Revokes a link to an inspection's report: it stops working at once",
      params: idParam('id'),
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await revokeInspectionShare(app.db, requireTenant(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}

const tokenParam = z.object({ token: z.string().max(64) });

export async function sharedInspectionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 404: problem };

  r.get('/shared/inspections/:token', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: "An inspection's report through its shared link",
      params: tokenParam,
      response: { 200: inspectionReport, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return sharedReport(app.db, request.params.token);
    },
  });

  r.get('/shared/inspections/:token/report.pdf', {
    config: { access: 'public', addressLimit: SHARED_PDF_LIMIT, recordsEvents: true },
    schema: {
      tags: ['system'],
      summary: "An inspection's report as a PDF through its shared link",
      params: tokenParam,
      querystring: reportLanguageQuery,
      response: errors,
    },
    handler: async (request, reply) => sendPdf(reply, await sharedReportPdf(app, request.params.token, request.query.lang)),
  });

  r.get('/shared/inspections/:token/files/:key', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'A photo, signature or voice note of a shared report',
      params: tokenParam.extend({ key: z.string().max(64) }),
    },
    handler: async (request, reply) => {
      const { token, key } = request.params;
      const data = await sharedReportFile(app, token, key);
      const extension = key.split('.').pop() ?? '';
      return reply
        .type(MIME_BY_EXTENSION[extension] ?? 'application/octet-stream')
        .header('Cache-Control', 'private, max-age=300')
        .header('X-Content-Type-Options', 'nosniff')
        .send(data);
    },
  });
}
