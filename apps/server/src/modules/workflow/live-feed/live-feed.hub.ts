// The receiving side of the live feed, one per server process: a single listening connection
// (Database.listen) opened with the first viewer, and the viewers of each business. A notification
// loads the answer once, scoped by its business, and hands it to that business's viewers who may
// see it (policies/schedules.ts). Notifications are handled one after another, in commit order.
// Each answer has its place in its business's feed, numbered in commit order (lib/answer-notices.ts);
// a viewer is at a place and is sent only answers after it, so nothing comes twice. Nothing is
// missed either: a viewer who reconnects names the place of the last event it had and is sent
// every answer placed after it (replay; places are kept a day, feed-prune.ts); and when the listening connection was lost, notifications
// sent meanwhile never arrive, so every stream is ended and its viewer reconnects and catches up.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { actionResult, type ActionResult } from '@fieldops/shared/answers';
import type { Database } from '../../../db/client.ts';
import { ANSWERS_CHANNEL, parseAnswerNotice } from '../../../lib/answer-notices.ts';
import type { ViewScope } from '../../../policies/schedules.ts';
import { answersByIds, findAnswer } from '../action-results/action-results.service.ts';
import { feedAfter, feedHead, placeOfOlderEvent } from './live-feed.repository.ts';

export interface LiveFeedViewer {
  scope: ViewScope;
  /** The stream starts after `place`: the place of the last event the viewer had, or the feed's end for a new one. */
  opened(place: number): void;
  /** An answer and its place in the feed (null when an instance of a version without places stored it). */
  send(answer: ActionResult, place: number | null): void;
  /** The feed is closing (the server shuts down): end the stream. */
  end(): void;
}

/**
 * Where a reconnecting viewer left off: after a place in the feed, or at an event sent before
 * places were given (an answer id, or the moment a stream opened).
 */
export type FeedPosition = { after: number } | { answerId: number } | { moment: Date };

/** The replay reads the answers after a place this many at a time, till it reaches the end. */
const REPLAY_PAGE = 500;

/** A viewer, the place it is at, and the answers announced while its replay runs (null once it ran). */
interface Watch {
  viewer: LiveFeedViewer;
  place: number;
  waiting: { answer: ActionResult; place: number | null }[] | null;
}

export interface LiveFeedHub {
  readonly heartbeatMs: number;
  /**
   * Adds a viewer, first sending every answer placed after `from` when given; resolves once
   * notifications are listened to and the replay was sent. The function removes the viewer.
   */
  subscribe(viewer: LiveFeedViewer, from?: FeedPosition | null): Promise<() => void>;
  /** How many viewers this process serves. */
  viewers(): number;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveFeed: LiveFeedHub;
  }
}

/** What the caller's view lets them see, as scopeCondition does in SQL. */
export const canSee = (scope: ViewScope, answer: Pick<ActionResult, 'userId' | 'teamId'>) =>
  scope.all || answer.userId === scope.userId || scope.supervised.includes(answer.teamId);

export function createLiveFeedHub(app: FastifyInstance, database: Database, heartbeatMs: number): LiveFeedHub {
  const byBusiness = new Map<number, Set<Watch>>();
  let listening: Promise<() => Promise<void>> | null = null;
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  /** Sends the answer unless the viewer is already past its place; held back while its replay runs. */
  function hand(watch: Watch, answer: ActionResult, place: number | null) {
    if (watch.waiting) {
      watch.waiting.push({ answer, place });
      return;
    }
    if (place !== null) {
      if (place <= watch.place) return;
      watch.place = place;
    }
    if (canSee(watch.viewer.scope, answer)) watch.viewer.send(answer, place);
  }

  async function deliver(payload: string) {
    const notice = parseAnswerNotice(payload);
    const watches = notice ? byBusiness.get(notice.businessId) : undefined;
    if (!notice || !watches?.size) return;
    const found = await findAnswer(app.db, notice.businessId, notice.answerId);
    if (!found) return;
    const answer = actionResult.parse(found);
    for (const watch of watches) hand(watch, answer, notice.seq);
  }

  function onNotification(payload: string) {
    queue = queue.then(() => deliver(payload)).catch((err: unknown) => app.log.error({ err }, 'live feed: an answer could not be delivered'));
  }

  /** Every viewer reconnects, and is sent what it missed. */
  function endStreams() {
    app.log.warn('live feed: notifications may have been missed; viewers reconnect to catch up');
    for (const set of byBusiness.values()) for (const watch of set) watch.viewer.end();
  }

  function startListening() {
    listening ??= database.listen(ANSWERS_CHANNEL, onNotification, endStreams).catch((err: unknown) => {
      // The next viewer tries again.
      listening = null;
      throw err;
    });
    return listening;
  }

  /** The place a viewer starts after: its own, never past the feed's end (a place of another business's feed). */
  async function startingPlace(businessId: number, from: FeedPosition | null | undefined) {
    const head = await feedHead(app.db, businessId);
    if (!from) return head;
    if ('after' in from) return Math.min(from.after, head);
    return placeOfOlderEvent(app.db, businessId, from);
  }

  /** Sends the viewer every answer placed after its place, page by page, moving its place along. */
  async function replay(watch: Watch) {
    const { businessId } = watch.viewer.scope;
    for (;;) {
      const places = await feedAfter(app.db, businessId, watch.place, REPLAY_PAGE);
      const answers = new Map(
        (
          await answersByIds(
            app.db,
            businessId,
            places.map((p) => p.answerId),
          )
        ).map((answer) => [answer.id, answer]),
      );
      for (const { seq, answerId } of places) {
        watch.place = seq;
        const answer = answers.get(answerId);
        if (answer && canSee(watch.viewer.scope, answer)) watch.viewer.send(answer, seq);
      }
      if (places.length < REPLAY_PAGE) return;
    }
  }

  return {
    heartbeatMs,
    async subscribe(viewer, from) {
      if (closed) throw new Error('The live feed is closed.');
      await startListening();
      const { businessId } = viewer.scope;
      const set = byBusiness.get(businessId) ?? new Set();
      const watch: Watch = { viewer, place: 0, waiting: [] };
      byBusiness.set(businessId, set.add(watch));
      const remove = () => {
        set.delete(watch);
        if (set.size === 0 && byBusiness.get(businessId) === set) byBusiness.delete(businessId);
      };
      // Listening first, then the database: an answer that commits from now on is announced, one
      // committed before is read; one both read and announced is sent once, by its place.
      try {
        watch.place = await startingPlace(businessId, from);
        viewer.opened(watch.place);
        await replay(watch);
      } catch (err) {
        remove();
        throw err;
      }
      const waiting = watch.waiting ?? [];
      watch.waiting = null;
      for (const { answer, place } of waiting) hand(watch, answer, place);
      return remove;
    },
    viewers: () => [...byBusiness.values()].reduce((n, set) => n + set.size, 0),
    async close() {
      closed = true;
      for (const set of byBusiness.values()) for (const watch of set) watch.viewer.end();
      byBusiness.clear();
      const stop = await listening?.catch(() => null);
      await stop?.();
      await queue;
    },
  };
}

/**
 * Decorates the app with its hub. Open streams end before the server stops listening, so closing
 * the app never waits on them.
 */
export const liveFeedPlugin = fp(async (app: FastifyInstance, options: { database: Database; heartbeatMs: number }) => {
  const hub = createLiveFeedHub(app, options.database, options.heartbeatMs);
  app.decorate('liveFeed', hub);
  app.addHook('preClose', async () => {
    await hub.close();
  });
});
