// Every error leaves as application/problem+json: {type, title, status, message, detail?, fieldErrors?}.
// 5xx answers never carry internals.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG, STATUS_MESSAGES } from '@fieldops/shared/messages';
import { AppError, type FieldError } from '../lib/errors.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict',
  413: 'Payload Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests', 500: 'Internal Server Error',
};

export function sendProblem(
  reply: FastifyReply,
  status: number,
  message: string,
  extra: { detail?: string; fieldErrors?: FieldError[] } = {},
) {
  return reply
    .status(status)
    .type('application/problem+json')
    .send({
      type: status === 400 && extra.fieldErrors ? '/problems/validation' : 'about:blank',
      title: TITLES[status] ?? 'Error',
      status,
      message,
      ...(extra.detail ? { detail: extra.detail } : {}),
      ...(extra.fieldErrors ? { fieldErrors: extra.fieldErrors } : {}),
    });
}

function fieldName(instancePath: string, context: string | undefined, params: Record<string, unknown>) {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  const missing = params?.missingProperty;
  return typeof missing === 'string' ? missing : (context ?? 'body');
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendProblem(reply, error.status, error.message, error.extra);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = error.validation.map((v) => ({
        field: fieldName(v.instancePath, error.validationContext, v.params as Record<string, unknown>),
        message: v.message ?? MSG.invalid,
      }));
      return sendProblem(reply, 400, fieldErrors[0]?.message ?? MSG.invalid, { fieldErrors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, status, STATUS_MESSAGES[500]);
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return sendProblem(reply, 413, MSG.fileTooLarge);
    return sendProblem(reply, status, status === 429 ? MSG.tooManyAttempts : (STATUS_MESSAGES[status] ?? error.message));
  });
});
