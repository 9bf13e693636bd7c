// A property-based sweep over every operation of the app's own OpenAPI document, so an endpoint
// added later is covered without a line here: random and hostile path parameters, query strings
// and bodies, OPTIONS, HEAD and %-escaped addresses, sent by a signed-in owner of a business with
// some data (and some without a token). Every answer must be below 500, kept by no shared cache,
// served as data (the API's Content-Security-Policy), and every 4xx application/problem+json with
// a message.
// Time-bound: SWEEP_SECONDS (default 60) is shared between the operations; SWEEP_SEED replays a run.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ticketCategories } from '../db/schema-helpdesk.ts';
import { isApiPath, routedPath } from '../lib/api-paths.ts';
import { createCast } from './cast.ts';
import {
  createAction,
  createAnswerRow,
  createPlan,
  createScheduleRow,
  createTask,
  createTicket,
  IMAGES,
  multipart,
  placeInSite,
  signIn,
  callerFor,
  type Caller,
} from './factories.ts';
import { hostileCases, requestFor, type OpenApiDocument, type Operation, type Pools, type SweepRequest } from './openapi-fuzz.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const BUDGET_MS = Number(process.env.SWEEP_SECONDS ?? 60) * 1_000;
const SEED = Number(process.env.SWEEP_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Requests come from their own address: the sign-in limiter it trips must not refuse the fixture's sign-ins (127.0.0.1). */
const FUZZ_ADDRESS = '203.0.113.7';
const ANSWER_TIMEOUT_MS = 15_000;

let t: TestApp;
let owner: Caller;
let pools: Pools;

/** A business with a member, a site, a task with actions, a plan with schedules, an answer and a ticket with a comment. */
async function buildFixture() {
  const app = t.app;
  const cast = await createCast(app, { member: true, site: true });
  ({ owner } = cast);
  const { member, project, site } = cast;
  await placeInSite(app, owner, site.id, member.userId);
  const task = await createTask(app, owner);
  const yesNo = await createAction(app, owner, task.id);
  const choice = await createAction(app, owner, task.id, {
    type: 'SINGLE_CHOICE',
    options: [
      { labelEn: 'A', labelAr: 'أ' },
      { labelEn: 'B', labelAr: 'ب' },
    ],
  });
  const plan = await createPlan(owner, { taskId: task.id, teamId: site.id, userIds: [member.userId] });
  const schedule = await createScheduleRow(app.db, { businessId: owner.business.id, taskId: task.id, teamId: site.id, userId: member.userId });
  const answer = await createAnswerRow(app.db, schedule, yesNo.id);
  const ticket = await createTicket(app, owner);
  const comment = await owner.request({
    method: 'POST',
    url: `/services/helpdesk/api/v1/tickets/${ticket.id}/comments`,
    ...multipart({ text: 'Looked at it' }, [{ field: 'file', filename: 'a.png', type: 'image/png', data: IMAGES.png }]),
  });
  const [category] = await app.db.select().from(ticketCategories).where(eq(ticketCategories.businessId, owner.business.id));
  pools = {
    ids: [
      owner.userId,
      member.userId,
      owner.business.id,
      project.id,
      site.id,
      task.id,
      yesNo.id,
      choice.id,
      plan.id,
      schedule.id,
      answer.id,
      ticket.id,
      comment.json<{ id: number }>().id,
      category.id,
    ],
    strings: [owner.business.apiKey, owner.username],
  };
}

/** Signs the owner in again when an operation ended their session (logout, sign out everywhere), or starts afresh. */
async function keepOwnerSignedIn() {
  if ((await owner.request({ method: 'GET', url: '/api/v1/account' })).statusCode === 200) return;
  try {
    owner = callerFor(t.app, { id: owner.userId, username: owner.username }, await signIn(t.app, owner.username), owner.business);
  } catch {
    await buildFixture();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await buildFixture();
});
afterAll(() => t.close());

interface Failure {
  operation: string;
  problem: string;
  request: string;
  answer: string;
}

function describeRequest(req: SweepRequest) {
  const body = req.body.kind === 'none' ? '' : req.body.kind === 'json' ? ` json ${JSON.stringify(req.body.value)?.slice(0, 200)}` : ` ${req.body.label}`;
  return `${req.method} ${req.url.slice(0, 200)}${body}`;
}

function injectOptions(req: SweepRequest, streaming: boolean): InjectOptions {
  const headers: Record<string, string> = req.anonymous ? {} : { authorization: `Bearer ${owner.token}`, 'x-api-key': owner.business.apiKey };
  const options: InjectOptions = {
    method: req.method as InjectOptions['method'],
    url: req.url,
    remoteAddress: FUZZ_ADDRESS,
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    payloadAsStream: streaming,
    headers,
  };
  if (req.body.kind === 'json') {
    const text = JSON.stringify(req.body.value);
    if (text !== undefined) {
      headers['content-type'] = 'application/json';
      options.payload = text;
    }
  } else if (req.body.kind === 'raw') {
    headers['content-type'] = req.body.contentType;
    options.payload = req.body.payload;
  }
  return options;
}

/** The answer's body as text; a stream that answered 2xx (the live feed) is closed unread. */
async function bodyOf(res: LightMyRequestResponse, streaming: boolean): Promise<string> {
  if (!streaming) return res.body;
  const stream = res.stream();
  if (res.statusCode < 400) {
    stream.destroy();
    return '';
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What is wrong with an answer, or null. Every answer of the API, however its address was
 * written, is kept by no cache (a stored file: by the browser only) and is data, never a page.
 */
function problemWith(req: SweepRequest, res: LightMyRequestResponse, body: string): string | null {
  const status = res.statusCode;
  // The request goes out as a client writes it, its dot segments resolved (`%2e%2e` too): one
  // that climbs out of the API (`/api/export-links/%2e%2e/%2e%2e` is `/`) asks for a page.
  const reached = routedPath(new URL(req.url, 'http://sweep.test').pathname);
  if (!isApiPath(reached)) return status >= 500 ? `answered ${status}` : null;
  const contentType = String(res.headers['content-type'] ?? '');
  if (status >= 500) return `answered ${status}`;
  const caching = String(res.headers['cache-control'] ?? '');
  if (!caching.split(/,\s*/).includes('no-store') && !/^private, max-age=\d+$/.test(caching)) return `${status} with Cache-Control "${caching}"`;
  // Stored files and the documentation are shown as they are; everything else is data.
  const shown = /^\/api\/(files|docs)(\/|$)/.test(reached);
  if (!shown && res.headers['content-security-policy'] !== "default-src 'none'; frame-ancestors 'none'")
    return `${status} with the page's Content-Security-Policy`;
  if (status < 400) return null;
  if (!contentType.startsWith('application/problem+json')) return `${status} as ${contentType || 'no content type'}`;
  if (req.method === 'HEAD') return null;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message.trim() ? null : `${status} without a message`;
  } catch {
    return `${status} with a body that is not JSON`;
  }
}

it(
  'answers every operation below 500, and every 4xx as problem+json with a message',
  async () => {
    const started = Date.now();
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]: [string, Operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const failures: Failure[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();

    for (const [index, { path, method, operation }] of operations.entries()) {
      const name = `${method} ${path}`;
      const streaming = Object.values(operation.responses ?? {}).some((r) => Object.keys(r.content ?? {}).includes('text/event-stream'));
      const send = async (req: SweepRequest) => {
        requests++;
        let problem: string | null;
        let answer = '';
        try {
          const res = await t.app.inject(injectOptions(req, streaming));
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const body = await bodyOf(res, streaming);
          answer = `${res.statusCode} ${String(res.headers['content-type'] ?? '')} ${body.slice(0, 200)}`;
          problem = problemWith(req, res, body);
        } catch (err) {
          problem = `no answer: ${(err as Error).message}`;
        }
        if (problem) failures.push({ operation: name, problem, request: describeRequest(req), answer });
      };

      for (const req of hostileCases(path, method, operation, pools)) await send(req);
      // The time left is shared by the operations left, so a slow machine runs fewer random requests, not longer.
      const share = Math.max((started + BUDGET_MS - Date.now()) / (operations.length - index), 50);
      // At least one random request each, whatever the machine's load; then more while its share of
      // the time lasts. `send` records what it finds rather than throwing, so the runs only drive the
      // generator: a run cut off by the time limit (even before its first request) is no failure.
      const property = fc.asyncProperty(requestFor(path, method, operation, pools), send);
      await fc.assert(property, { numRuns: 1, seed: SEED + index });
      if (share > 250) await fc.check(property, { numRuns: Number.MAX_SAFE_INTEGER, interruptAfterTimeLimit: share, seed: SEED + index + 1 });
      await keepOwnerSignedIn();
    }

    const seconds = ((Date.now() - started) / 1_000).toFixed(1);
    const answered = (from: number) => [...statuses].filter(([status]) => status >= from && status < from + 100).reduce((n, [, c]) => n + c, 0);
    console.log(
      `openapi sweep: ${operations.length} operations, ${requests} requests, ${failures.length} failures in ${seconds} s ` +
        `(2xx ${answered(200)}, 4xx ${answered(400)}, 5xx ${answered(500)}; seed ${SEED})`,
    );
    const distinct = [...new Map(failures.map((f) => [`${f.operation} ${f.problem}`, f])).values()];
    expect(distinct.slice(0, 25), `first of ${distinct.length} distinct failures`).toEqual([]);
  },
  BUDGET_MS + 180_000,
);
