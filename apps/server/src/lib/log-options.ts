// The server's logger options, in one place so that nothing secret reaches a log line: query
// values in logged URLs (activation keys, file signatures), a business key in a path, the
// Authorization, X-Api-Key and Cookie headers wherever a header object is logged, and the SQL
// parameters a failed query's error carries (Drizzle's "Failed query: … params: …", the driver's
// `detail` quoting a row's values). Tests build the app with these options and a stream of their
// own to prove it (log-options.test.ts).
import { LogController, type FastifyBaseLogger, type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

const REDACTED = '[redacted]';

/** The path and query as logged: every query value, and the key in `/api-key/{key}/`, replaced. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  let path = at === -1 ? url : url.slice(0, at);
  if (/\/api-key\//i.test(path)) path = path.replace(/(\/api-key\/)[^/?#]+/gi, `$1${REDACTED}`);
  if (at === -1) return path;
  // Each name=value pair keeps its name; a pair without "=" is a name alone and stays.
  return `${path}?${url.slice(at + 1).replace(/=[^&]*/g, `=${REDACTED}`)}`;
}

/** Driver fields kept from a database error: they name what failed, never a value. */
const ERROR_FIELDS = ['code', 'statusCode', 'constraint', 'table', 'column', 'schema', 'routine', 'severity', 'query'] as const;
/** Values shorter than this cannot hold a secret and would blank out unrelated text. */
const SHORTEST_REDACTED = 4;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** The texts of a failed query's parameters (Drizzle puts them on its error as `params`). */
function parameterTexts(err: object): string[] {
  const params: unknown = Reflect.get(err, 'params');
  if (!Array.isArray(params)) return [];
  return params
    .map((value: unknown) => (typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : (JSON.stringify(value) ?? '')))
    .filter((text) => text.length >= SHORTEST_REDACTED)
    .sort((a, b) => b.length - a.length);
}

function scrub(text: string, secrets: readonly string[]): string {
  // Drizzle appends the parameters to the message (and so to the stack) after "params: ".
  let clean = text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, `\nparams: ${REDACTED}`);
  for (const secret of secrets) clean = clean.split(secret).join(REDACTED);
  return clean;
}

/** An error as logged: its type, message and stack without parameter values, and its cause. */
export function serializeError(err: unknown, secrets: readonly string[] = [], depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: scrub(String(err), secrets), stack: '' };
  const all = [...secrets, ...parameterTexts(err)];
  const out: SerializedError = {
    type: err.constructor?.name ?? err.name,
    message: scrub(err.message, all),
    stack: scrub(err.stack ?? '', all),
  };
  for (const field of ERROR_FIELDS) {
    const value: unknown = Reflect.get(err, field);
    if (typeof value === 'string' || typeof value === 'number') out[field] = typeof value === 'string' ? scrub(value, all) : value;
  }
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, all, depth + 1);
  return out;
}

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** Headers that carry a credential: a token, a business key, a session cookie. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'x-api-key', 'set-cookie']);

/** A header object as logged: the credentials in it replaced. */
export function loggableHeaders(headers: unknown): unknown {
  if (typeof headers !== 'object' || headers === null) return headers;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  return out;
}

/**
 * Pino options for Fastify's logger at `level`, writing to `stream` (standard output when absent).
 * What is logged under `req`, `res` and `headers` goes through a serializer that leaves credentials
 * out, which costs nothing on a line without those keys (a redaction pass would cost every line).
 */
export function logOptions(level: string, stream?: { write(line: string): void }): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      // The request line's `req`: no headers at all.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      // The request line's `res` is the reply (its status); a plain object logged as `res` may hold headers.
      res: (res: { statusCode?: number; headers?: unknown }) =>
        typeof res.headers === 'object' && res.headers !== null
          ? { statusCode: res.statusCode, headers: loggableHeaders(res.headers) }
          : { statusCode: res.statusCode },
      headers: loggableHeaders,
      err: (err: FastifyError) => serializeError(err),
    },
  };
}

/**
 * A request's logger, made of the server's with the request's id only when the request logs
 * something of its own (a warning, an error): most requests log nothing but their one line, and a
 * logger made for each of them cost as much as writing that line.
 */
class RequestLogger {
  #made: FastifyBaseLogger | null = null;
  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    readonly options: ChildLoggerOptions,
  ) {}
  get #logger(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }
  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#logger.level = level;
  }
  fatal: LogFn = (...args: Parameters<LogFn>) => this.#logger.fatal(...args);
  error: LogFn = (...args: Parameters<LogFn>) => this.#logger.error(...args);
  warn: LogFn = (...args: Parameters<LogFn>) => this.#logger.warn(...args);
  info: LogFn = (...args: Parameters<LogFn>) => this.#logger.info(...args);
  debug: LogFn = (...args: Parameters<LogFn>) => this.#logger.debug(...args);
  trace: LogFn = (...args: Parameters<LogFn>) => this.#logger.trace(...args);
  silent: LogFn = () => {};
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is a RequestLogger. */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

/**
 * One log line a request, written when it is answered, with the request, the status and the time
 * taken, instead of one line when it comes and another when it goes. A request whose logger was
 * not needed before has its line written by the server's logger with the request's id first, as
 * its own logger would have written it.
 */
export class OneLineLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const log = reply.log instanceof RequestLogger && reply.log.level === reply.log.parent.level ? reply.log.parent : null;
    if (error) {
      const line = { req: request, res: reply, err: error, responseTime: reply.elapsedTime };
      if (log) log.error({ [this.requestIdLogLabel]: request.id, ...line }, 'request errored');
      else reply.log.error(line, 'request errored');
    } else if (log) {
      log.info({ [this.requestIdLogLabel]: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
