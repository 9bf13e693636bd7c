// Exactly-once creates: a signed-in person's request that changes something and carries an
// `Idempotency-Key` header is done once per key. A repeat (a retry after a timeout, a double
// tap) gets the first answer again (same status and body, with `Idempotent-Replayed: true`) and
// changes nothing, whether it comes after the first or at the same moment: the first claims the
// key in the database (shared by every instance), a concurrent repeat waits for its answer. The
// same key for a different request is refused (422). A 5xx, 408 or 429 answer, or a claim whose
// request never finished (a crash), frees the key for a retry. Keys are kept for 24 hours at least.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { MSG } from '@fieldops/shared/messages';
import { API_KEY_HEADER } from '@fieldops/shared/limits';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError, badRequest } from '../lib/errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_SHAPE = /^[A-Za-z0-9_\-.:]{8,200}$/;
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a repeat waits for the first request's answer before it is told to try again. */
const WAIT_MS = 15_000;
const POLL_MS = 50;
/** A claim this old without an answer belongs to a request that died with its process. */
const ABANDONED_AFTER_S = 120;
/** Kept a little over the 24 hours promised. */
const KEEP_HOURS = 25;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed; its answer is stored for repeats. */
    idempotencyClaim: { userId: number; key: string } | null;
  }
}

/**
 * What makes two requests "the same": method, address, business and body. A form (multipart) is
 * read by its route as it streams, after this check, and a browser draws a new boundary for every
 * send of the same form, so a form is known by its address alone.
 */
function fingerprintOf(request: FastifyRequest) {
  const hash = crypto.createHash('sha256');
  hash.update(`${request.method} ${request.url}\n${String(request.headers[API_KEY_HEADER] ?? '')}\n`);
  hash.update(request.isMultipart() ? 'multipart form' : JSON.stringify(request.body ?? null));
  return hash.digest('base64url');
}

/** Adds the header to the OpenAPI description of every call that changes something. */
export function documentIdempotencyKey<T extends { schema: unknown }>(method: string | string[], transformed: T): T {
  const methods = Array.isArray(method) ? method : [method];
  if (!methods.some((m) => CHANGING.has(m.toUpperCase()))) return transformed;
  const schema = (transformed.schema ?? {}) as { headers?: { type?: string; properties?: Record<string, unknown> } };
  const headers = schema.headers ?? { type: 'object', properties: {} };
  return {
    ...transformed,
    schema: {
      ...schema,
      headers: {
        ...headers,
        type: 'object',
        properties: {
          ...headers.properties,
          'Idempotency-Key': {
            type: 'string',
            pattern: KEY_SHAPE.source,
            description:
              'One key per intent (8–200 letters, digits, - _ . :). A repeat with the same key gets the first answer again, ' +
              'with `Idempotent-Replayed: true`, and changes nothing; the same key for another request answers 422. Kept 24 hours.',
          },
        },
      },
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const { db } = app;
  app.decorateRequest('idempotencyClaim', null);

  function replay(reply: FastifyReply, row: typeof idempotencyKeys.$inferSelect) {
    reply.code(row.status ?? 200).header(REPLAYED_HEADER, 'true');
    if (row.contentType) reply.type(row.contentType);
    reply.send(row.body ?? undefined);
  }

  /** Claims the key of a change; true when the change was answered already (replayed here). */
  async function claim(request: FastifyRequest, reply: FastifyReply, header: string | string[], userId: number): Promise<boolean> {
    const key = (Array.isArray(header) ? header[0] : header) ?? '';
    if (!KEY_SHAPE.test(key)) throw badRequest(MSG.idempotencyKeyInvalid, [{ field: 'Idempotency-Key', message: MSG.idempotencyKeyInvalid }]);
    const fingerprint = fingerprintOf(request);
    const claimed = await db.insert(idempotencyKeys).values({ userId, key, fingerprint }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (claimed.length) {
      request.idempotencyClaim = { userId, key };
      return false;
    }
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!row) {
        // Freed meanwhile (the first answered 5xx): this one goes ahead, if it claims it first.
        const again = await db.insert(idempotencyKeys).values({ userId, key, fingerprint }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
        if (again.length) {
          request.idempotencyClaim = { userId, key };
          return false;
        }
        continue;
      }
      if (row.fingerprint !== fingerprint) throw new AppError(422, MSG.idempotencyKeyReused);
      if (row.status !== null) {
        replay(reply, row);
        return true;
      }
      // The first request's process died before answering: this one takes its place.
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: new Date() })
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.status),
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_AFTER_S})`),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length) {
        request.idempotencyClaim = { userId, key };
        return false;
      }
      if (Date.now() > deadline) throw new AppError(409, MSG.idempotencyInProgress, { headers: { 'Retry-After': '2' } });
      await sleep(POLL_MS);
    }
  }

  /** Keeps the answer to a claimed change, or frees the key when the answer is no answer to it. */
  async function settle(claimed: { userId: number; key: string }, reply: FastifyReply, payload: unknown): Promise<void> {
    const where = and(eq(idempotencyKeys.userId, claimed.userId), eq(idempotencyKeys.key, claimed.key));
    const storable = typeof payload === 'string' || payload === null || payload === undefined || Buffer.isBuffer(payload);
    // A 5xx, a timeout or a rate limit is no answer to the request itself: a retry may succeed.
    if (reply.statusCode >= 500 || reply.statusCode === 408 || reply.statusCode === 429 || !storable) {
      await db.delete(idempotencyKeys).where(where);
      return;
    }
    const body = payload === null || payload === undefined ? null : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotencyKeys)
      .set({ status: reply.statusCode, body, contentType: contentType === undefined ? null : String(contentType) })
      .where(where);
  }

  // The hooks are callbacks: most requests carry no key and pass without a promise.
  // After the caller is known and within the rate limit (plugins/auth.ts and rate-limit.ts run
  // their checks first, being registered first). A replayed answer is sent here, and the request
  // goes no further.
  app.addHook('preHandler', (request, reply, done) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !CHANGING.has(request.method) || !request.userId) return done();
    claim(request, reply, header, request.userId).then((answered) => {
      if (!answered) done();
    }, done);
  });

  // Stored before the answer leaves, so a repeat that arrives right after it finds it.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claimed = request.idempotencyClaim;
    if (!claimed) return done(null, payload);
    request.idempotencyClaim = null;
    settle(claimed, reply, payload).then(() => done(null, payload), done);
  });

  // The request ended without an answer (its handler threw past the error handler, or the
  // client left before onSend): free the key.
  app.addHook('onResponse', (request, _reply, done) => {
    const claimed = request.idempotencyClaim;
    if (!claimed) return done();
    request.idempotencyClaim = null;
    db.delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, claimed.userId), eq(idempotencyKeys.key, claimed.key), isNull(idempotencyKeys.status)))
      .then(() => done(), done);
  });

  const sweep = () =>
    db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`))
      .catch((err: Error) => app.log.warn({ err }, 'sweeping old idempotency keys failed'));
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
});
