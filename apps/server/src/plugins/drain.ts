// Stopping without cutting anyone off (serve.ts, on SIGTERM or SIGINT). Draining, the server
// keeps serving, but /api/health answers 503 so a load balancer sends no more, and every answer
// carries `Connection: close` so clients open their next connection elsewhere. It closes once no
// request has been in progress for a moment: by then whatever a client had already sent has been
// read and answered. Event streams (the live feed) do not hold it up; closing ends them.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    drain: {
      readonly draining: boolean;
      /** Starts draining, and resolves once the server has been idle for `quietMs` (or after `maxMs`). */
      start(options?: { quietMs?: number; maxMs?: number }): Promise<void>;
    };
  }
}

export const drainPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  let inProgress = 0;
  let lastActivity = Date.now();

  app.addHook('onRequest', (_request, reply, next) => {
    inProgress++;
    lastActivity = Date.now();
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      inProgress--;
      lastActivity = Date.now();
    };
    // Sent, or the client went away.
    reply.raw.once('close', done);
    // A stream stays open for as long as its viewer watches: not a request to wait for.
    reply.raw.once('pipe', () => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) done();
    });
    next();
  });

  app.addHook('onSend', (_request, reply, payload, next) => {
    if (draining) reply.header('connection', 'close');
    next(null, payload);
  });

  app.decorate('drain', {
    get draining() {
      return draining;
    },
    async start({ quietMs = 250, maxMs = 8_000 } = {}) {
      draining = true;
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline && (inProgress > 0 || Date.now() - lastActivity < quietMs)) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  });
});
