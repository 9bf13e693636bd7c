// What the live feed tests share: reading the event stream over real HTTP (inject cannot stream),
// and an answer submitted through the API on a fresh open schedule.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ActionResult } from '@fieldops/shared/answers';
import { createAction, createScheduleRow, createTask, type Caller } from '../../../test/factories.ts';
import { submit } from '../../../test/answer-test-kit.ts';

const API = '/services/workflow/api/v1';

export interface FeedBlock {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comments: string[];
}

/** The base URL of the app, listening on a free port of the loopback interface. */
export async function listening(app: FastifyInstance) {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bound = app.server.address();
  if (!bound || typeof bound !== 'object') throw new Error('the app is not listening');
  return `http://127.0.0.1:${bound.port}`;
}

/**
 * A viewer of the feed: its response, and the blocks as they arrive. Read with node:http on a
 * connection of its own: fetch opens a spare connection when a request is aborted, which a closing
 * server then waits on.
 */
export async function openFeed(base: string, caller: Pick<Caller, 'token' | 'business'>, lastEventId?: string) {
  let request: http.ClientRequest;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request = http.get(
      `${base}${API}/report/live`,
      {
        agent: false,
        headers: {
          authorization: `Bearer ${caller.token}`,
          'x-api-key': caller.business.apiKey,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
      },
      resolve,
    );
    request.on('error', reject);
  });
  response.setEncoding('utf8');
  let buffer = '';
  let ended = false;
  let wake: (() => void) | null = null;
  response.on('data', (chunk: string) => {
    buffer += chunk;
    wake?.();
  });
  const finish = () => {
    ended = true;
    wake?.();
  };
  response.on('end', finish);
  response.on('close', finish);
  response.on('error', finish);

  /** The next block, or null when the stream ended; fails after `timeoutMs`. */
  async function nextBlock(timeoutMs: number): Promise<FeedBlock | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const cut = buffer.indexOf('\n\n');
      if (cut >= 0) {
        const text = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const block: FeedBlock = { comments: [] };
        for (const line of text.split('\n')) {
          if (line.startsWith(':')) block.comments.push(line.slice(1).trim());
          else if (line.startsWith('event: ')) block.event = line.slice(7);
          else if (line.startsWith('data: ')) block.data = line.slice(6);
          else if (line.startsWith('retry: ')) block.retry = line.slice(7);
          else if (line.startsWith('id: ')) block.id = line.slice(4);
        }
        if (block.id) feed.lastEventId = block.id;
        return block;
      }
      if (ended) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event from the live feed in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
      });
    }
  }

  const feed = {
    /** The id of the last event read, to reconnect with. */
    lastEventId: undefined as string | undefined,
    response,
    nextBlock,
    /** The next answer event, skipping comments. */
    async nextAnswer(timeoutMs = 5_000): Promise<ActionResult> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const block = await nextBlock(Math.max(1, deadline - Date.now()));
        if (!block) throw new Error('the live feed ended');
        if (block.event === 'answer' && block.data) return JSON.parse(block.data) as ActionResult;
      }
    },
    /** Resolves once the server ends the stream. */
    async ended(timeoutMs = 5_000) {
      for (;;) if ((await nextBlock(timeoutMs)) === null) return;
    },
    close: () => request.destroy(),
  };
  return feed;
}

export type Feed = Awaited<ReturnType<typeof openFeed>>;

/**
 * `who` answers a yes/no action of a new task through POST /v1/action-results, on a schedule of
 * their own at `siteId` that is open now. `owner` is the business's owner, who makes the task.
 */
export async function answerNow(app: FastifyInstance, owner: Caller, who: Caller, siteId: number) {
  const task = await createTask(app, owner, { geoRestrictionEnabled: false });
  const action = await createAction(app, owner, task.id, { required: true });
  const schedule = await createScheduleRow(app.db, { businessId: owner.business.id, taskId: task.id, teamId: siteId, userId: who.userId });
  const res = await submit(who, { scheduleId: String(schedule.id), actionId: String(action.id), value: '"YES"' });
  if (res.statusCode !== 201) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  return res.json<{ result: ActionResult }>().result;
}
