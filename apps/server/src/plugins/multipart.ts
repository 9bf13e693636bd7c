// Multipart forms (the upload endpoints): the parser with its limits, a form whose Content-Type
// names no boundary refused before any route reads it, and the files a failed request stored
// taken out of storage again (lib/uploads.ts).
import { MIMEType } from 'node:util';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { AppError } from '../lib/errors.ts';
import { discardUploads } from '../lib/uploads.ts';

/** The boundary a multipart Content-Type names, or null when it names none (or is no media type). */
export function boundaryOf(contentType: string | undefined): string | null {
  try {
    return new MIMEType(contentType ?? '').params.get('boundary') || null;
  } catch {
    return null;
  }
}

export const multipartPlugin = fp(async (app: FastifyInstance) => {
  // One byte over the limit still reaches the upload's own count, which then refuses the file
  // (413) as it streams; the parser's limit is the backstop that drops anything further.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 10, fields: 50 } });

  // Before the error answer leaves, whatever check, query or transaction failed: the files the
  // request stored are referenced by nothing.
  app.addHook('onError', async (request) => {
    await discardUploads(request).catch((err: unknown) => request.log.error({ err }, 'the uploads of a failed request could not be removed'));
  });

  // The parser accepts "multipart/form-data" with no boundary and only fails once a handler
  // reads the form, with a plain error (a 500), possibly after the handler has started its work.
  // Every route is covered here, so an upload endpoint added later is too.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.isMultipart() && !boundaryOf(request.headers['content-type'])) {
      done(new AppError(400, MSG.invalid, { detail: 'The multipart/form-data Content-Type has no boundary.' }));
      return;
    }
    done();
  });
});
