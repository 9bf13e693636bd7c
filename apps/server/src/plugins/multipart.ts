// Multipart forms (the upload endpoints): the parser with its limits, and a form whose
// Content-Type names no boundary refused before any route reads it.
import { MIMEType } from 'node:util';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { AppError } from '../lib/errors.ts';

/** The boundary a multipart Content-Type names, or null when it names none (or is no media type). */
export function boundaryOf(contentType: string | undefined): string | null {
  try {
    return new MIMEType(contentType ?? '').params.get('boundary') || null;
  } catch {
    return null;
  }
}

export const multipartPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 50 } });

  // The parser accepts "multipart/form-data" with no boundary and only fails once a handler
  // reads the form, with a plain error (a 500), possibly after the handler has started its work.
  // Every route is covered here, so an upload endpoint added later is too.
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !boundaryOf(request.headers['content-type'])) {
      throw new AppError(400, MSG.invalid, { detail: 'The multipart/form-data Content-Type has no boundary.' });
    }
  });
});
