// Every error leaves as application/problem+json: {type, title, status, message, detail?, fieldErrors?}.
// 5xx answers never carry internals. Besides the error handler, this holds what Fastify's options
// take for the errors raised before any route runs: the router's (`frameworkErrors`) and Node's
// HTTP parser's (`clientErrorHandler`), which otherwise answer in Fastify's own JSON.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG, STATUS_MESSAGES } from '@fieldops/shared/messages';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../lib/db-errors.ts';
import { AppError, type FieldError } from '../lib/errors.ts';
import { apiSecurityHeaders } from './security-headers.ts';

type ProblemExtra = { detail?: string; fieldErrors?: FieldError[] };

function problemBody(status: number, message: string, extra: ProblemExtra = {}) {
  return {
    type: status === 400 && extra.fieldErrors ? '/problems/validation' : 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    message,
    ...(extra.detail ? { detail: extra.detail } : {}),
    ...(extra.fieldErrors ? { fieldErrors: extra.fieldErrors } : {}),
  };
}

export function sendProblem(reply: FastifyReply, status: number, message: string, extra: ProblemExtra = {}) {
  return reply
    .status(status)
    .type('application/problem+json')
    .send(problemBody(status, message, extra));
}

/**
 * busboy, under @fastify/multipart, reports a form body it cannot parse (cut short, no closing
 * boundary) as a plain Error when the route reads the form; these are its texts. A form whose
 * Content-Type has no boundary is refused before that (plugins/multipart.ts).
 */
const MALFORMED_FORM = /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

const FRAMEWORK_ERROR_HEADERS = { ...apiSecurityHeaders({}), 'cache-control': 'no-store' };

/**
 * Fastify's `frameworkErrors`: the router refusing an address before any route, hook or error
 * handler runs. The address is not echoed back (Fastify's own text quotes it).
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  // No hook runs for these: the headers every API answer carries are set here.
  reply.headers({ ...FRAMEWORK_ERROR_HEADERS });
  if (error.code === 'FST_ERR_BAD_URL') {
    void sendProblem(reply, 400, MSG.invalid, { detail: 'The address holds a malformed %-encoded character.' });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendProblem(reply, 414, MSG.invalid, { detail: 'A value in the address is too long.' });
  } else {
    request.log.error({ err: error }, 'request failed before routing');
    void sendProblem(reply, 500, STATUS_MESSAGES[500]);
  }
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refusing a request (headers too large, not
 * HTTP at all, a forbidden character) before Fastify sees it. Only the raw socket is left, so the
 * answer is written by hand, then the connection is closed as Node's own handler does.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MSG.invalid, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, STATUS_MESSAGES[504], 'The request took too long to arrive.']
        : [400, MSG.invalid, 'The request is not valid HTTP.'];
  const body = JSON.stringify(problemBody(status, message, { detail }));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function fieldName(instancePath: string, context: string | undefined, params: Record<string, unknown>) {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  const missing = params?.missingProperty;
  return typeof missing === 'string' ? missing : (context ?? 'body');
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.headers) reply.headers(error.extra.headers);
      return sendProblem(reply, error.status, error.message, error.extra);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = error.validation.map((v) => ({
        field: fieldName(v.instancePath, error.validationContext, v.params as Record<string, unknown>),
        message: v.message ?? MSG.invalid,
      }));
      return sendProblem(reply, 400, fieldErrors[0]?.message ?? MSG.invalid, { fieldErrors });
    }
    if (!error.statusCode && request.isMultipart() && MALFORMED_FORM.test(error.message)) {
      return sendProblem(reply, 400, MSG.invalid, { detail: 'The multipart form is malformed or cut short.' });
    }
    if (isDatabaseUnavailable(error)) {
      // The database went away (a restart, a failover) or has no connection free: the pool opens
      // new connections, and the same request will very likely succeed in a moment.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return sendProblem(reply, 503, STATUS_MESSAGES[503]);
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
