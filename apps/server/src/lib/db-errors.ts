// Tells a lost or unreachable database apart from a bug: the first answers 503 (try again
// shortly), the second 500. Drizzle wraps the driver's error in its own; the cause chain is walked.

/** SQLSTATEs of a connection the server ended or cannot accept now. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a restart
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
]);

/** Node's socket errors on the way to the database. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres and pg-pool say these in words only. */
const UNAVAILABLE_TEXT = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection is closed/,
];

function unavailable(error: { code?: unknown; message?: unknown }) {
  const code = typeof error.code === 'string' ? error.code : '';
  if (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return UNAVAILABLE_TEXT.some((text) => text.test(message));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (unavailable(current as { code?: unknown; message?: unknown })) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_S = 2;

/** Whether the SQLSTATE of `error` (or of an error it wraps, however deep) passes `test`. */
function hasState(error: unknown, test: (code: string) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether a statement broke a unique index (23505), however deep the driver's error is wrapped. */
export const isUniqueViolation = (error: unknown) => hasState(error, (code) => code === '23505');

/** Whether a statement broke any rule of the data (class 23: unique, foreign key, check, not null): trying again will not help. */
export const isConstraintViolation = (error: unknown) => hasState(error, (code) => code.startsWith('23'));
