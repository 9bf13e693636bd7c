// Hostile input found by fuzzing: each must answer a 4xx problem+json with a message (never a
// 5xx, never Fastify's own JSON or plain text) and leave the database as it was.
import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, tasks } from '../db/schema-workflow.ts';
import { ticketAttachments, tickets } from '../db/schema-helpdesk.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { IMAGES, createBusinessWithOwner, createTask, createTicket, type Caller } from '../test/factories.ts';

const WORKFLOW = '/services/workflow/api';
const HELPDESK = '/services/helpdesk/api/v1';

let t: TestApp;
let owner: Caller;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBusinessWithOwner(t.app);
});
afterAll(() => t.close());

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  message: string;
  detail?: string;
  fieldErrors?: { field: string; message: string }[];
}

function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, field?: string): ProblemBody {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(res.body) as ProblemBody;
  expect(body).toMatchObject({ type: expect.any(String), title: expect.any(String), status });
  expect(body.message.trim()).not.toBe('');
  if (field) expect(body.fieldErrors?.map((f) => f.field)).toContain(field);
  return body;
}

const taskCount = async () => (await t.app.db.select({ n: count() }).from(tasks).where(eq(tasks.businessId, owner.business.id)))[0].n;

describe('a NUL character (PostgreSQL text cannot hold one)', () => {
  it('in a JSON body field: 400 naming the field, nothing stored', async () => {
    const before = await taskCount();
    const res = await owner.request({ method: 'POST', url: `${WORKFLOW}/v1/tasks`, payload: { nameEn: 'Clean\u0000the hall' } });
    expectProblem(res, 400, 'nameEn');
    expect(await taskCount()).toBe(before);
  });

  it('in a nested body field: 400 naming its path, nothing stored', async () => {
    const task = await createTask(t.app, owner);
    const res = await owner.request({
      method: 'POST',
      url: `${WORKFLOW}/v1/actions`,
      payload: {
        taskId: task.id,
        nameEn: 'Pick one',
        type: 'SINGLE_CHOICE',
        options: [
          { labelEn: 'A', labelAr: 'أ' },
          { labelEn: 'B\u0000', labelAr: 'ب' },
        ],
      },
    });
    expectProblem(res, 400, 'options.1.labelEn');
    expect(await t.app.db.select().from(actions).where(eq(actions.taskId, task.id))).toEqual([]);
  });

  it('in another body (a ticket update): 400, the ticket unchanged', async () => {
    const ticket = await createTicket(t.app, owner);
    const res = await owner.request({ method: 'PUT', url: `${HELPDESK}/tickets/${ticket.id}`, payload: { title: 'Door\u0000', description: 'x' } });
    expectProblem(res, 400, 'title');
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row.title).toBe(ticket.title);
    expect(row.description).toBe(ticket.description);
  });

  it('looked for in a body nested 100,000 deep: still answered at once', async () => {
    const started = Date.now();
    const res = await owner.request({
      method: 'POST',
      url: `${WORKFLOW}/v1/tasks`,
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`,
    });
    expectProblem(res, 400);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('in a search key: 400 naming the key', async () => {
    const res = await owner.request({ method: 'GET', url: `${WORKFLOW}/v1/tasks?searchKey=ab%00cd` });
    expectProblem(res, 400, 'searchKey');
  });

  it('in the X-Api-Key header: 403 problem+json, as any key of no business', async () => {
    const res = await owner.request({ method: 'GET', url: '/api/v1/projects', headers: { 'x-api-key': `${owner.business.apiKey}\u0000` } });
    expectProblem(res, 403);
  });

  it('in a path parameter: 400 naming the parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/files/abc%00.png' });
    expectProblem(res, 400, 'key');
  });
});

describe('a lone surrogate (half of a UTF-16 pair; jsonb refuses its escape)', () => {
  it('in a task name, which the audit log keeps in jsonb: 400 naming the field, nothing stored', async () => {
    const before = await taskCount();
    const res = await owner.request({ method: 'POST', url: `${WORKFLOW}/v1/tasks`, payload: { nameEn: 'Clean', nameAr: '\ud800' } });
    expectProblem(res, 400, 'nameAr');
    expect(await taskCount()).toBe(before);
  });

  it('a low half alone, and in an object key: 400', async () => {
    const res = await owner.request({ method: 'POST', url: `${WORKFLOW}/v1/tasks`, payload: { nameEn: 'x\udc00y' } });
    expectProblem(res, 400, 'nameEn');
    const keyed = await owner.request({ method: 'POST', url: `${WORKFLOW}/v1/tasks`, payload: { nameEn: 'Clean', ['\ud800']: 1 } });
    expectProblem(keyed, 400);
  });

  it('a whole pair (an emoji) is text like any other: stored', async () => {
    const res = await owner.request({ method: 'POST', url: `${WORKFLOW}/v1/tasks`, payload: { nameEn: 'Clean 🧹', nameAr: 'تنظيف 🧹' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().nameEn).toBe('Clean 🧹');
  });
});

describe('multipart/form-data the parser cannot read', () => {
  const formBody = Buffer.concat([
    Buffer.from('--x\r\nContent-Disposition: form-data; name="attachments"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
    IMAGES.png,
  ]);
  const cases: [string, string, Buffer][] = [
    ['without a boundary', 'multipart/form-data', Buffer.concat([formBody, Buffer.from('\r\n--x--\r\n')])],
    ['with an empty boundary', 'multipart/form-data; boundary=', Buffer.concat([formBody, Buffer.from('\r\n--x--\r\n')])],
    ['cut short (no closing boundary)', 'multipart/form-data; boundary=x', formBody],
  ];
  it.each(cases)('%s, on an upload endpoint: 400, nothing stored', async (_name, contentType, payload) => {
    const ticket = await createTicket(t.app, owner);
    const res = await owner.request({ method: 'POST', url: `${HELPDESK}/tickets/${ticket.id}/attachments`, headers: { 'content-type': contentType }, payload });
    expectProblem(res, 400);
    expect(await t.app.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticket.id))).toEqual([]);
    expect(t.storedFiles()).toEqual([]);
  });
});

describe('numbers beyond the ids PostgreSQL holds', () => {
  it('1e30 in an id list: 400 naming the filter', async () => {
    for (const value of ['1e30', '9007199254740993', '1,2,1e300']) {
      const res = await owner.request({ method: 'GET', url: `${WORKFLOW}/schedules/kpis?projects=${value}` });
      expectProblem(res, 400, 'projects');
    }
  });

  it('1e30 in an id path parameter: 400 naming the parameter', async () => {
    const res = await owner.request({ method: 'GET', url: `${WORKFLOW}/v1/tasks/1e30` });
    expectProblem(res, 400, 'taskId');
  });
});

describe('addresses the router refuses', () => {
  it('malformed %-encoding: 400 problem+json that does not echo the address', async () => {
    const res = await owner.request({ method: 'GET', url: `${WORKFLOW}/v1/tasks/%E0%A4%A<script>` });
    const body = expectProblem(res, 400);
    expect(res.body).not.toContain('<script>');
    expect(body.message).not.toContain('%E0');
  });

  it('an over-long path parameter: 414 problem+json', async () => {
    const res = await owner.request({ method: 'GET', url: `${WORKFLOW}/v1/tasks/${'9'.repeat(500)}` });
    expectProblem(res, 414);
  });
});

/** One raw HTTP/1.1 exchange with the listening app; resolves with the status, headers and body. */
function rawRequest(port: number, request: string): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.end(request);
  });
}

describe('errors of the HTTP parser (before Fastify routes anything)', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  it('over-large headers: 431 problem+json', async () => {
    const res = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\nConnection: close\r\n\r\n`);
    expectProblem(res, 431);
  });

  it('a request line that is not HTTP: 400 problem+json', async () => {
    const res = await rawRequest(port, 'HELLO\r\n\r\n');
    expectProblem(res, 400);
  });

  it('a header with a NUL byte: 400 problem+json', async () => {
    const res = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Api-Key: a\u0000b\r\nConnection: close\r\n\r\n`);
    expectProblem(res, 400);
  });
});
