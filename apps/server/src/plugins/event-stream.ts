// What every server-sent event stream of the API shares: it ends as soon as its caller's session
// or membership does (announced from any instance), a comment line keeps it open through proxies
// and asks again whether the caller is still admitted, and it leaves with the headers that stop
// anything from buffering or storing it.
import type { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Callers } from '../lib/callers.ts';
import { stillAdmitted, watchAdmission, type Tenant } from './auth.ts';

/**
 * Ends `stream` once the caller is no longer admitted; every `heartbeatMs` writes a comment line,
 * checks again, and calls `onBeat` while admitted. Answers the function that stops watching.
 */
export function keepWhileAdmitted(
  callers: Callers,
  caller: Tenant & { userId: number },
  sessionId: string,
  stream: PassThrough,
  heartbeatMs: number,
  onBeat?: () => Promise<void>,
): () => void {
  const unwatch = watchAdmission(callers, caller, sessionId, () => stream.end());
  const heartbeat = setInterval(() => {
    stream.write(': ping\n\n');
    stillAdmitted(callers, caller, sessionId)
      .then(async (admitted) => {
        if (!admitted) return stream.end();
        await onBeat?.();
      })
      .catch(() => {});
  }, heartbeatMs);
  return () => {
    clearInterval(heartbeat);
    unwatch();
  };
}

/** Sends `stream` as text/event-stream; `stop` runs once, when the client goes away or the stream ends. */
export function sendEventStream(reply: FastifyReply, stream: PassThrough, stop: () => void) {
  let stopped = false;
  const once = () => {
    if (stopped) return;
    stopped = true;
    stop();
    stream.end();
  };
  reply.raw.on('close', once);
  stream.on('close', once);
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store, no-cache, no-transform')
    .header('x-accel-buffering', 'no')
    .send(stream);
}
