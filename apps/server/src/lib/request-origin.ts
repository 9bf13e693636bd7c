// Where the request being served comes from (the address and the client), and who it acts as when
// that is not a person (an API token): what the audit log records beside each event, wherever in
// the request's work the event is recorded.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface RequestOrigin {
  ip: string | null;
  /** The User-Agent, cut to 300 characters. */
  client: string | null;
  /** How the actor is named in the audit log when it is not a person's own session (an API token). */
  actorName?: string;
}

const origins = new AsyncLocalStorage<RequestOrigin>();

/** The origin of the request this code runs for; null outside a request (a job, a timer). */
export const currentOrigin = (): RequestOrigin | null => origins.getStore() ?? null;

/** Runs `work` as if for a request from `origin` (jobs acting for a request, tests). */
export const withOrigin = <T>(origin: RequestOrigin, work: () => T): T => origins.run(origin, work);

export const requestOriginPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    origins.run({ ip: request.ip || null, client: typeof agent === 'string' && agent ? agent.slice(0, 300) : null }, done);
  });
});
