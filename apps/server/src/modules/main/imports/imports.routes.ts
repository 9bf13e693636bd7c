// Bulk imports, for owners and admins: the template (GET /api/v1/imports/template), an upload into
// a preview (POST /api/v1/imports?kind=…), its rows to fix or skip (GET and PUT
// /api/v1/imports/{id}/rows…), the commit that queues the job (POST /api/v1/imports/{id}/commit),
// its progress (GET /api/v1/imports/{id}) and, once done, the result file
// (GET /api/v1/imports/{id}/result).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problem } from '@fieldops/shared/common';
import {
  importCommit,
  importParams,
  importRow,
  importRowParams,
  importRowsQuery,
  importRowUpdate,
  importSummary,
  importTemplateQuery,
  importUploadQuery,
} from '@fieldops/shared/imports';
import { LANGUAGES, TOTAL_COUNT_HEADER } from '@fieldops/shared/limits';
import { languageOf } from '../../../lib/language.ts';
import { uploadFile } from '../../../lib/uploads.ts';
import { ADMINS, requireTenant } from '../../../plugins/auth.ts';
import {
  commitImport,
  discardImport,
  importResultFile,
  importTemplate,
  listImportRows,
  listImports,
  requireImportSummary,
  startImport,
  updateRow,
} from './imports.service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const sendWorkbook = (reply: FastifyReply, fileName: string, bytes: Buffer) =>
  reply
    .type(XLSX)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(bytes);

export async function importsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem };
  const admins = { roles: ADMINS };

  r.get('/v1/imports/template', {
    config: admins,
    schema: { tags: ['imports'], summary: 'The template of an import, with English or Arabic headings', querystring: importTemplateQuery, response: errors },
    handler: async (request, reply) => {
      const { kind, language } = request.query;
      return sendWorkbook(reply, `${kind.toLowerCase()}-template-${language}.xlsx`, await importTemplate(kind, language));
    },
  });

  r.post('/v1/imports', {
    config: admins,
    schema: {
      tags: ['imports'],
      summary: 'Reads a CSV or Excel file into a preview; nothing else is written',
      description:
        'multipart/form-data with one file, "file": .xlsx, or CSV in UTF-8 (with or without a byte-order mark), UTF-16 or Windows-1256, comma, semicolon or tab separated; at most 10 MB and 20,000 rows. The first row names the columns with the English or Arabic template headings.',
      querystring: importUploadQuery,
      consumes: ['multipart/form-data'],
      response: { 201: importSummary, ...errors, 413: problem },
    },
    handler: async (request, reply) => reply.status(201).send(await startImport(app.db, requireTenant(request), request.query.kind, () => uploadFile(request))),
  });

  r.get('/v1/imports', {
    config: admins,
    schema: { tags: ['imports'], summary: "The business's last 20 imports", response: { 200: z.array(importSummary), ...errors } },
    handler: (request) => listImports(app.db, requireTenant(request).businessId),
  });

  r.get('/v1/imports/:id', {
    config: admins,
    schema: { tags: ['imports'], params: importParams, response: { 200: importSummary, ...errors } },
    handler: (request) => requireImportSummary(app.db, requireTenant(request).businessId, request.params.id),
  });

  r.delete('/v1/imports/:id', {
    config: admins,
    schema: { tags: ['imports'], summary: 'Discards a preview', params: importParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await discardImport(app.db, requireTenant(request).businessId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/imports/:id/rows', {
    config: admins,
    schema: { tags: ['imports'], params: importParams, querystring: importRowsQuery, response: { 200: z.array(importRow), ...errors } },
    handler: async (request, reply) => {
      const { filter, page, size } = request.query;
      const { items, total } = await listImportRows(app.db, requireTenant(request).businessId, request.params.id, filter, { page, size });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  });

  r.put('/v1/imports/:id/rows/:row', {
    config: admins,
    schema: {
      tags: ['imports'],
      summary: 'Fixes or skips a row of a preview',
      params: importRowParams,
      body: importRowUpdate,
      response: { 200: importRow, ...errors },
    },
    handler: (request) => updateRow(app.db, requireTenant(request).businessId, request.params.id, request.params.row, request.body),
  });

  r.post('/v1/imports/:id/commit', {
    config: admins,
    schema: {
      tags: ['imports'],
      summary: 'Writes the ready rows in the background',
      params: importParams,
      body: importCommit,
      response: { 202: importSummary, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(202).send(await commitImport(app.db, requireTenant(request), request.params.id, request.body.existing, app.mailSettings.appUrl)),
  });

  r.get('/v1/imports/:id/result', {
    config: { ...admins, recordsEvents: true },
    schema: {
      tags: ['imports'],
      summary: "Every row's outcome, as an Excel workbook",
      params: importParams,
      querystring: z.object({ language: z.enum(LANGUAGES).optional() }),
      response: errors,
    },
    handler: async (request, reply) => {
      const language = request.query.language ?? languageOf(request.headers['accept-language']);
      const file = await importResultFile(app.db, requireTenant(request), request.params.id, language);
      return sendWorkbook(reply, file.fileName, file.bytes);
    },
  });
}
