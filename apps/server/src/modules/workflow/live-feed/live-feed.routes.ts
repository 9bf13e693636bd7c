// GET /v1/report/live: the answers of the caller's business as server-sent events, each the
// moment it is stored (DESIGN §8). Each event is `event: answer` with an ActionResult as data, the
// same shape as /v1/report/latest/result, with the answer's place in the business's feed as the
// event id (`f<n>`); a comment line keeps the connection open. The first event (`ready`) carries
// the place the stream starts after. A client that reconnects sends the id of the last event it
// had (Last-Event-ID, or `lastEventId`) and is first sent exactly the answers placed after it
// (live-feed.hub.ts).
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { problem } from '@fieldops/shared/common';
import { LIVE_FEED_EVENT } from '@fieldops/shared/reports';
import type { ActionResult } from '@fieldops/shared/answers';
import { requireSession, requireTenant } from '../../../plugins/auth.ts';
import { keepWhileAdmitted, sendEventStream } from '../../../plugins/event-stream.ts';
import { filesOfRow } from '../../../plugins/file-links.ts';
import { viewScopeOf } from '../../../policies/schedules.ts';
import type { FeedPosition, LiveFeedViewer } from './live-feed.hub.ts';

/** How long a client waits before reconnecting after the stream drops. */
export const LIVE_FEED_RETRY_MS = 5_000;

/** An event id: a place in the feed. */
const placeId = (place: number) => `f${place}`;

export const answerEvent = (answer: ActionResult, place: number | null) =>
  `${place === null ? '' : `id: ${placeId(place)}\n`}event: ${LIVE_FEED_EVENT}\ndata: ${JSON.stringify(answer)}\n\n`;

/** The event that opens a stream: its id is the place the stream starts after, for a replay from it. */
export const readyEvent = (place: number) => `id: ${placeId(place)}\nevent: ready\ndata: {}\n\n`;

/**
 * Where a reconnecting client left off, from the id of the last event it had; null for none or
 * nonsense. A plain number (an answer id) or `@<ms>` (a moment) came from a version without places.
 */
export function feedPosition(lastEventId: string | undefined): FeedPosition | null {
  if (!lastEventId) return null;
  const place = /^f(\d{1,15})$/.exec(lastEventId);
  if (place) return { after: Number(place[1]) };
  if (/^\d{1,15}$/.test(lastEventId)) return { answerId: Number(lastEventId) };
  const moment = /^@(\d{13})$/.exec(lastEventId);
  return moment ? { moment: new Date(Number(moment[1])) } : null;
}

export async function liveFeedRoutes(app: FastifyInstance) {
  // Without the zod type provider: the body is a stream, which no response schema describes.
  app.get('/v1/report/live', {
    schema: {
      tags: ['reports'],
      summary: 'Live feed of new answers (server-sent events)',
      description: [
        'text/event-stream. Every new answer of the business that the caller may see arrives as `event: answer` with the answer as JSON data, the same shape as the items of /v1/report/latest/result.',
        'Owners and admins see every answer, a supervisor those of their sites and their own, a member their own.',
        "Each answer event carries as its event id `f<n>`, the answer's place in the business's feed, numbered in the order answers were committed; the first event, `ready`, carries the place the stream starts after. Reconnecting with `Last-Event-ID` (or `?lastEventId=`) set to the last id received sends first exactly the answers placed after it, then the new ones: none twice, none missed.",
        'A comment line (`: ping`) comes every 25 seconds. The feed needs the bearer token and X-Api-Key headers, so read it with fetch rather than EventSource.',
      ].join('\n\n'),
      produces: ['text/event-stream'],
      response: { 401: problem, 403: problem },
    },
    handler: async (request, reply) => {
      const caller = requireTenant(request);
      const { sessionId } = requireSession(request);
      const stream = new PassThrough();
      const viewer: LiveFeedViewer = {
        scope: await viewScopeOf(app.db, caller),
        opened: (place) => stream.write(readyEvent(place)),
        // A stream passes the response hook that signs file links, so its events sign their own.
        send: (answer, place) => stream.write(app.fileLinks.signUrlsIn(answerEvent(answer, place), filesOfRow(caller.businessId, [answer.file, answer.voice]))),
        end: () => stream.end(),
      };
      const header = request.headers['last-event-id'];
      const query = request.query as { lastEventId?: string };
      const from = feedPosition((Array.isArray(header) ? header[0] : header) ?? query.lastEventId);
      stream.write(`retry: ${LIVE_FEED_RETRY_MS}\n: connected\n\n`);
      const unsubscribe = await app.liveFeed.subscribe(viewer, from);
      // A session that ended, or a membership that did, ends the stream as soon as the database
      // announces it; the heartbeat asks again in case the announcement could not be heard. A
      // site the caller starts or stops supervising counts from the next heartbeat on.
      const keepWatching = keepWhileAdmitted(app.callers, caller, sessionId, stream, app.liveFeed.heartbeatMs, async () => {
        viewer.scope = await viewScopeOf(app.db, caller);
      });
      return sendEventStream(reply, stream, () => {
        keepWatching();
        unsubscribe();
      });
    },
  });
}
