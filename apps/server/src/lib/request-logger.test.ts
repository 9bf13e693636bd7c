// Each request's one line, and a request's own log lines, as the server writes them: the request's
// logger is made only for a request that logs something of its own.
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { logOptions, OneLineLogController, requestLogger } from './log-options.ts';

async function appLogging() {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: logOptions('info', { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) }),
    logController: new OneLineLogController(),
    childLoggerFactory: requestLogger,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/noisy', async (request) => {
    request.log.warn({ part: 'the noisy one' }, 'something to tell');
    return { ok: true };
  });
  app.get('/failing', async () => {
    throw new Error('it broke');
  });
  await app.ready();
  return { app, lines };
}

describe("a request's log lines", () => {
  it("a quiet request: one line, with the request's id, and no logger made for it", async () => {
    const { app, lines } = await appLogging();
    const child = vi.spyOn(app.log, 'child');
    await app.inject({ method: 'GET', url: '/quiet?key=secret' });
    expect(child).not.toHaveBeenCalled();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(Object.keys(line!)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']);
    expect(line).toMatchObject({ level: 30, reqId: expect.any(String), msg: 'request completed', res: { statusCode: 200 } });
    expect(line!.req).toMatchObject({ method: 'GET', url: '/quiet?key=[redacted]' });
    await app.close();
  });

  it('a request that logs: its own line and its one line carry the same id', async () => {
    const { app, lines } = await appLogging();
    await app.inject({ method: 'GET', url: '/quiet' });
    await app.inject({ method: 'GET', url: '/noisy' });
    const [, warning, done] = lines;
    expect(warning).toMatchObject({ level: 40, msg: 'something to tell', part: 'the noisy one', reqId: expect.any(String) });
    expect(done).toMatchObject({ level: 30, msg: 'request completed', reqId: warning!.reqId });
    expect(lines[0]!.reqId).not.toBe(warning!.reqId);
    await app.close();
  });

  it('a failing request: its error line names it', async () => {
    const { app, lines } = await appLogging();
    await app.inject({ method: 'GET', url: '/failing' });
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ res: { statusCode: 500 }, reqId: expect.any(String) });
    expect(lines.some((line) => (line.err as { message?: string } | undefined)?.message === 'it broke')).toBe(true);
    await app.close();
  });
});
