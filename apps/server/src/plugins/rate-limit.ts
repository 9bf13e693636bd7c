// The API's rate limit, shared by every instance (DESIGN §11): requests are counted per client
// address (before anything else runs) and per session or API token (once the caller is known,
// each token its own bucket, `perToken`), and a route can
// add its own stricter per-address limit (`config.addressLimit`, e.g. registration). Generous for
// a person, fatal for a script.
//
// Counting every request with a database write would cost more than most requests. Each instance
// instead counts locally and adds its counts to the shared counters (lib/throttle.ts) once per
// `flushMs`, learning the totals of all instances in the same statement; a decision uses the last
// known total plus what this instance counted since. Another instance's requests are seen at most
// one flush late.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@fieldops/shared/messages';
import type { RateLimitSettings } from '../config.ts';
import { isApiPath, routedPath } from '../lib/api-paths.ts';
import { AppError } from '../lib/errors.ts';
import { addToCounters, sweepCounters, type Counter } from '../lib/throttle.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A stricter limit of this route's requests per client address and window. */
    addressLimit?: number;
  }
  interface FastifyInstance {
    rateLimiter: { flush(): Promise<void> } | null;
  }
}

const isLimited = (url: string) => {
  const path = routedPath(url);
  return isApiPath(path) && !path.startsWith('/api/health') && !path.startsWith('/api/docs');
};

export const rateLimitPlugin = fp<{ settings: RateLimitSettings | null }>(async (app: FastifyInstance, { settings }) => {
  if (!settings) {
    app.decorate('rateLimiter', null);
    return;
  }
  const pending = new Map<string, number>();
  const known = new Map<string, Counter>();
  let flushes = 0;

  const take = (request: FastifyRequest, key: string, max: number) => {
    const now = Date.now();
    let total = known.get(key);
    if (total && total.resetAt.getTime() <= now) {
      known.delete(key);
      total = undefined;
    }
    const count = (total?.count ?? 0) + (pending.get(key) ?? 0);
    if (count >= max) {
      const retry = Math.max(1, Math.ceil(((total?.resetAt.getTime() ?? now + settings.windowMs) - now) / 1000));
      request.log.warn({ key: key.split(':').slice(0, 2).join(':') }, 'rate limited');
      throw new AppError(429, MSG.tooManyRequests, { headers: { 'retry-after': String(retry) } });
    }
    pending.set(key, (pending.get(key) ?? 0) + 1);
  };

  const flush = async () => {
    if (pending.size === 0) return;
    const batch = new Map(pending);
    pending.clear();
    try {
      for (const [key, counter] of await addToCounters(app.db, batch, settings.windowMs)) known.set(key, counter);
      if (++flushes % 300 === 0) await sweepCounters(app.db);
    } catch (err) {
      app.log.error({ err }, 'rate limit counters could not be saved');
    }
  };
  let flushing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    flushing = flushing.then(flush);
  }, settings.flushMs);
  timer.unref();
  app.decorate('rateLimiter', { flush: () => (flushing = flushing.then(flush)) });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await (flushing = flushing.then(flush));
  });

  // Callback hooks (no promise a request), as each check is synchronous; `take` throws the 429.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      if (isLimited(request.url)) {
        take(request, `rate:address:${request.ip}`, settings.perAddress);
        const routeLimit = request.routeOptions.config?.addressLimit;
        if (routeLimit) take(request, `rate:route:${request.routeOptions.url}:${request.ip}`, routeLimit);
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
  // Runs after the sign-in check (plugins/auth.ts checks in preValidation), so the session is known.
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      if (request.sessionId && isLimited(request.url)) take(request, `rate:session:${request.sessionId}`, settings.perSession);
      else if (request.apiToken && isLimited(request.url)) take(request, `rate:token:${request.apiToken.id}`, settings.perToken ?? settings.perSession);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
});
