// Exactly-once changes: a signed-in person's request that changes something and carries an
// `Idempotency-Key` header is done once per key, per person and business. A repeat (a retry after
// a timeout or a crash, a double tap) gets the first answer again (same status and body, with
// `Idempotent-Replayed: true`) and changes nothing; the same key for a different request (another
// body, another form, another address) is refused (422).
//
// The key is claimed and answered in the transaction that makes the change (db/request-db.ts): the
// request runs in one transaction that first inserts the key's row, then does the route's work,
// then writes the answer into that row and commits, before the answer leaves. So the change and
// its answer are committed together or not at all:
// - a repeat at the same moment waits on the uncommitted row (on the embedded database, on the
//   session the transaction holds), then replays the committed answer, or goes ahead if the first
//   rolled back;
// - a request that ends without committing (a crash, kill -9, a 5xx, a lost database) leaves no
//   row, so its retry goes ahead at once, and no claim ever waits for a clock to run out;
// - a 5xx, 408 or 429 answer is no answer to the request: it rolls back, and a retry may succeed.
// Keys are kept for 24 hours at least.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { MSG, STATUS_MESSAGES } from '@fieldops/shared/messages';
import type { Db } from '../db/client.ts';
import { actualDb, inRequestTransaction, type RequestTransaction } from '../db/request-db.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { routedPath } from '../lib/api-paths.ts';
import { DATABASE_RETRY_AFTER_S } from '../lib/db-errors.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { tapForm } from './form-digest.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_SHAPE = /^[A-Za-z0-9_\-.:]{8,200}$/;
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a keyed change may go on after its client left before it is rolled back. */
const ABANDONED_GRACE_MS = 10_000;
/** Kept a little over the 24 hours promised. */
const KEEP_HOURS = 25;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

type KeyRow = typeof idempotencyKeys.$inferSelect;

/** Whether bytes are UTF-8 text a text column keeps as it is (no NUL, which PostgreSQL's text refuses). */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
type Write = (tx: Db) => Promise<unknown>;

/** The transaction a keyed request runs in, held open until its answer is known. */
interface Held {
  tx: Db;
  scope: RequestTransaction;
  /** Runs `write` in the transaction and commits it. */
  commit(write: Write): Promise<void>;
  /** Rolls everything back. */
  release(): Promise<void>;
  /** Settles once the transaction has ended, committed or not. */
  ended: Promise<void>;
}

interface Keyed {
  userId: number;
  /** The key as stored: the business (or none, for a person's own account calls) and the key sent. */
  key: string;
  /** What the request was; null while part of its form is unread and `wait` is false. */
  fingerprint(wait: boolean): Promise<string | null>;
  held: Held;
  /** Stops watching the client's connection (which may carry later requests). */
  unwatch?: () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed; its answer is stored with its change. */
    idempotency: Keyed | null;
  }
  interface FastifyContextConfig {
    /**
     * False for a call whose answer holds a secret shown once (an authenticator's key, recovery
     * codes): it is never stored for a replay, and its key is ignored (a repeat is refused by the
     * route itself).
     */
    idempotent?: boolean;
  }
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
              'One key per intent (8–200 letters, digits, - _ . :), per person and business. A repeat with the same key gets the first answer again, ' +
              'with `Idempotent-Replayed: true`, and changes nothing; the same key for another request (another body or form) answers 422. Kept 24 hours.',
          },
        },
      },
    },
  };
}

/** What makes two requests "the same": method, address and body (a form by its content). */
function fingerprintOf(request: FastifyRequest): Keyed['fingerprint'] {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const head = `${request.method} ${routedPath(request.url)}${query}\n`;
  if (request.isMultipart()) {
    const form = tapForm(request);
    return async (wait) => {
      const digest = await form.value(wait);
      return digest && crypto.createHash('sha256').update(head).update(digest).digest('base64url');
    };
  }
  const json = crypto
    .createHash('sha256')
    .update(head)
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
  return async () => json;
}

const RELEASED = new Error('released');

/** Begins a transaction and keeps it open until `commit` or `release`. */
function hold(pool: Db): Promise<Held> {
  return new Promise((resolve, reject) => {
    let decide: (write: Write | null) => void = () => undefined;
    const decided = new Promise<Write | null>((settle) => (decide = settle));
    const scope: RequestTransaction = { tx: null };
    let began = false;
    const run = pool.transaction(async (tx) => {
      began = true;
      scope.tx = tx;
      resolve({
        tx,
        scope,
        commit: (write) => (decide(write), ended()),
        release: () => (decide(null), ended().catch(() => undefined)),
        ended: ended().catch(() => undefined),
      });
      const write = await decided;
      // From here the request's other queries go to the pool: this transaction is ending.
      scope.tx = null;
      if (!write) throw RELEASED;
      await write(tx);
    });
    const ended = () =>
      run.then(
        () => undefined,
        (err: unknown) => {
          if (err !== RELEASED) throw err;
        },
      );
    run.catch((err: unknown) => {
      scope.tx = null;
      if (!began) reject(err);
    });
  });
}

export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  // The pool itself: the key's own reads and the claim's transaction are the request's, not in it.
  const pool = actualDb(app.db);
  app.decorateRequest('idempotency', null);

  const rowOf = async (userId: number, key: string): Promise<KeyRow | undefined> =>
    (
      await pool
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    )[0];

  /** Answers a repeat from the stored answer, or refuses it when it is another request. */
  async function replay(reply: FastifyReply, row: KeyRow, fingerprint: Keyed['fingerprint']) {
    if (row.fingerprint !== (await fingerprint(true))) throw new AppError(422, MSG.idempotencyKeyReused);
    reply.code(row.status ?? 200).header(REPLAYED_HEADER, 'true');
    if (row.contentType) reply.type(row.contentType);
    reply.send(row.body === null ? undefined : row.bodyEncoding === 'base64' ? Buffer.from(row.body, 'base64') : row.body);
  }

  /** Claims the key in a transaction of its own; null when the request was answered here (a repeat). */
  async function claim(request: FastifyRequest, reply: FastifyReply, header: string | string[], userId: number): Promise<Keyed | null> {
    const sent = (Array.isArray(header) ? header[0] : header) ?? '';
    if (!KEY_SHAPE.test(sent)) throw badRequest(MSG.idempotencyKeyInvalid, [{ field: 'Idempotency-Key', message: MSG.idempotencyKeyInvalid }]);
    // An API token's keys are its own: never its maker's, whose browser may send the same key.
    const caller = request.apiToken ? `token ${request.apiToken.id} ` : '';
    const key = `${caller}${request.tenant ? `business ${request.tenant.businessId}` : 'account'}:${sent}`;
    const fingerprint = fingerprintOf(request);
    const answered = await rowOf(userId, key);
    if (answered?.status === null) {
      // A claim of an earlier version that stored it apart from its change: its request died.
      await pool.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
    } else if (answered) {
      await replay(reply, answered, fingerprint);
      return null;
    }
    const held = await hold(pool);
    let claimed: unknown[];
    try {
      // Waits while another request holds this key uncommitted.
      claimed = await held.tx
        .insert(idempotencyKeys)
        .values({ userId, key, fingerprint: 'in progress' })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
    } catch (err) {
      await held.release();
      throw err;
    }
    if (claimed.length) return { userId, key, fingerprint, held };
    await held.release();
    // The other request committed its change and answer meanwhile.
    const row = await rowOf(userId, key);
    if (!row) throw new AppError(409, MSG.idempotencyInProgress, { headers: { 'Retry-After': '1' } });
    await replay(reply, row, fingerprint);
    return null;
  }

  /**
   * The client may leave before its answer (before the route even began). The route normally
   * still finishes, and commits or rolls back, at once; one that waits for ever on the gone client
   * would hold its transaction, and on the embedded database the whole database, so after a grace
   * it is rolled back.
   */
  function watchClient(request: FastifyRequest, keyed: Keyed) {
    const socket = request.raw.socket as (NodeJS.EventEmitter & { destroyed?: boolean }) | undefined;
    if (typeof socket?.once !== 'function') return;
    const gone = () => {
      setTimeout(() => {
        if (request.idempotency !== keyed) return;
        request.idempotency = null;
        request.log.warn('a keyed change still unanswered after its client left was rolled back');
        void keyed.held.release();
      }, ABANDONED_GRACE_MS).unref();
    };
    if (socket.destroyed) return gone();
    socket.once('close', gone);
    keyed.unwatch = () => socket.off('close', gone);
  }

  /** Commits the change with its answer, or rolls it back when the answer is no answer to it. */
  async function settle(request: FastifyRequest, keyed: Keyed, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const status = reply.statusCode;
    const storable = typeof payload === 'string' || payload === null || payload === undefined || Buffer.isBuffer(payload);
    if (status >= 500 || status === 408 || status === 429 || !storable) {
      await keyed.held.release();
      return payload;
    }
    // Text as it is; a file that is not text (a PDF) base64, as the text column cannot hold it.
    const binary = Buffer.isBuffer(payload) && !isText(payload);
    const body = payload === null || payload === undefined ? null : Buffer.isBuffer(payload) ? payload.toString(binary ? 'base64' : 'utf8') : payload;
    const contentType = reply.getHeader('content-type');
    // A form cut short (its client gave up) or left half read cannot be told from another: a
    // refusal of it is not kept, so the whole form sent again is judged afresh.
    const read = await keyed.fingerprint(false);
    if (read === null && status >= 400) {
      await keyed.held.release();
      return payload;
    }
    const fingerprint = read ?? `unread ${crypto.randomUUID()}`;
    try {
      await keyed.held.commit((tx) =>
        tx
          .update(idempotencyKeys)
          .set({ fingerprint, status, body, bodyEncoding: binary ? 'base64' : null, contentType: contentType === undefined ? null : String(contentType) })
          .where(and(eq(idempotencyKeys.userId, keyed.userId), eq(idempotencyKeys.key, keyed.key))),
      );
      return payload;
    } catch (err) {
      // Nothing of the request was kept. A refusal stands as it is; a success must not be claimed.
      if (status >= 400) return payload;
      request.log.error({ err }, 'a keyed change could not be committed');
      reply.code(503).header('Retry-After', String(DATABASE_RETRY_AFTER_S)).type('application/problem+json');
      return JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, message: STATUS_MESSAGES[503] });
    }
  }

  // After the caller is known (plugins/auth.ts checks in preValidation) and within the rate limit
  // (plugins/rate-limit.ts, registered first). A replayed answer is sent here, and the request
  // goes no further; otherwise the route runs in the claim's transaction.
  app.addHook('preHandler', (request, reply, done) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !CHANGING.has(request.method) || !request.userId || request.routeOptions.config?.idempotent === false) return done();
    claim(request, reply, header, request.userId).then((keyed) => {
      if (!keyed) return;
      request.idempotency = keyed;
      watchClient(request, keyed);
      inRequestTransaction(keyed.held.scope, keyed.held.ended, () => done());
    }, done);
  });

  // Before the answer leaves, and before any later hook that waits for the change to be seen
  // (plugins/auth.ts hears the callers' changes only once they are committed).
  app.addHook('onSend', (request, reply, payload, done) => {
    const keyed = request.idempotency;
    if (!keyed) return done(null, payload);
    request.idempotency = null;
    keyed.unwatch?.();
    settle(request, keyed, reply, payload).then((sent) => done(null, sent), done);
  });

  // The request ended without an answer going through onSend: nothing of it is kept.
  app.addHook('onResponse', (request, _reply, done) => {
    const keyed = request.idempotency;
    if (!keyed) return done();
    request.idempotency = null;
    keyed.unwatch?.();
    keyed.held.release().then(() => done(), done);
  });

  const sweep = () =>
    pool
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
