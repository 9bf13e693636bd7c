// Stopping without cutting anyone off (serve.ts, on SIGTERM or SIGINT), whatever the traffic. At
// once the server stops accepting connections (a load balancer's next ones go to another
// instance), /api/health answers 503 on the connections still open, and every answer carries
// `Connection: close`. Every request already received is answered; a keep-alive connection closes
// after its answer, or once it has sat idle for a moment after the signal (a client that sends on it at that very
// instant is the one race left, as in any HTTP server). It is done when no connection but event
// streams is left: those (the live feed) end when the app closes.
import net from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    drain: {
      readonly draining: boolean;
      /** Starts draining, and resolves once every received request is answered (or after `maxMs`). */
      start(options?: { idleMs?: number; maxMs?: number }): Promise<void>;
    };
  }
}

interface Connection {
  /** Requests of this connection not answered yet. */
  busy: number;
  idleSince: number;
  /** It carries an event stream, which the drain does not wait for. */
  streaming: boolean;
}

export const drainPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  let inProgress = 0;
  const connections = new Map<Socket, Connection>();

  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now(), streaming: false });
    socket.once('close', () => connections.delete(socket));
  });

  app.addHook('onRequest', (request, reply, next) => {
    inProgress++;
    const connection = connections.get(request.raw.socket);
    if (connection) connection.busy++;
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      inProgress--;
      if (connection) {
        connection.busy--;
        connection.idleSince = Date.now();
      }
    };
    // Sent, or the client went away.
    reply.raw.once('close', done);
    // A stream stays open for as long as its viewer watches: not a request to wait for.
    reply.raw.once('pipe', () => {
      if (!String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
      if (connection) connection.streaming = true;
      done();
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
    async start({ idleMs = 2_000, maxMs = 10_000 } = {}) {
      draining = true;
      // Connections the system has already completed wait to be accepted: one turn of the event
      // loop takes them all in (closing the listening socket first would reset them).
      await new Promise((resolve) => setImmediate(resolve));
      // Only the listening socket: http.Server#close would also drop the idle keep-alive
      // connections at once, racing a request a client may be sending on one of them. The app's
      // close calls it later, when nothing is left.
      if (app.server.listening) net.Server.prototype.close.call(app.server);
      const began = Date.now();
      const deadline = began + maxMs;
      for (;;) {
        const now = Date.now();
        let open = 0;
        for (const [socket, connection] of connections) {
          if (connection.streaming) continue;
          // Idle counts from the signal at the earliest: a request a client wrote just before it
          // may still sit unread while a busy process catches up, and closing would reset it.
          if (connection.busy === 0 && now - Math.max(connection.idleSince, began) >= idleMs) socket.destroy();
          else open++;
        }
        if ((open === 0 && inProgress === 0) || now >= deadline) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  });
});
