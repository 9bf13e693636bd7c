// Where the request being served comes from (the address and the client), and who it acts as when
// that is not a person (an API token): what the audit log records beside each event, wherever in
// the request's work the event is recorded. Requests that may record an event carry it: every
// change (any method but GET, HEAD and OPTIONS) and the reads whose route says so (`recordsEvents`,
// an export). Other reads carry none, so that a busy instance's reads do not pay for a store they
// never look at (lib/on-demand-store.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OnDemandStore } from './on-demand-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A read (GET) that records an event (an export), so it carries the request's origin. */
    recordsEvents?: boolean;
  }
}

export interface RequestOrigin {
  ip: string | null;
  /** The User-Agent, cut to 300 characters. */
  client: string | null;
  /** How the actor is named in the audit log when it is not a person's own session (an API token). */
  actorName?: string;
  /**
   * Set on the origin a plain read carries when reads are checked (tests): such a read must record
   * nothing, and recording an event there is refused, naming the route to mark `recordsEvents`.
   */
  plainRead?: string;
}

const origins = new OnDemandStore<RequestOrigin>();

/** The origin of the request this code runs for; null outside such a request (a job, a timer, a plain read). */
export const currentOrigin = (): RequestOrigin | null => origins.getStore() ?? null;

/** How many requests carry their origin now. */
export const requestsWithOrigin = () => origins.users;

/** How each request that carries its origin gives it back. */
const endings = new WeakMap<FastifyRequest, () => void>();

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const carriesOrigin = (request: FastifyRequest) => !READS.has(request.method) || request.routeOptions.config?.recordsEvents === true;

/**
 * `checkReads`: plain reads carry an origin marked as theirs, so that an event recorded in one is
 * refused (recordEvent) rather than recorded without its address; tests run so, to find a read
 * that records and is not marked.
 */
export const requestOriginPlugin = fp(async (app: FastifyInstance, { checkReads = false }: { checkReads?: boolean }) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const plain = !carriesOrigin(request);
    if (plain && !checkReads) return done();
    const agent = request.headers['user-agent'];
    const origin: RequestOrigin = { ip: request.ip || null, client: typeof agent === 'string' && agent ? agent.slice(0, 300) : null };
    if (plain) origin.plainRead = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const ended = new Promise<void>((resolve) => endings.set(request, resolve));
    origins.run(origin, ended, done);
  });
  // Once answered, or given up by its client, the request needs its origin no longer.
  const end = (request: FastifyRequest) => {
    endings.get(request)?.();
    endings.delete(request);
  };
  app.addHook('onResponse', (request, _reply, done) => {
    end(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
});
