// The receiving side of the live feed, one per server process: a single listening connection
// (Database.listen) opened with the first viewer, and the viewers of each business. A notification
// loads the answer once, scoped by its business, and hands it to that business's viewers who may
// see it (policies/schedules.ts). Notifications are handled one after another, in commit order.
// Nothing is missed for good: a viewer who reconnects names the last event it had and is sent
// what was stored since (replay); and when the listening connection was lost, notifications sent
// meanwhile never arrive, so every stream is ended and its viewer reconnects and catches up.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { actionResult, type ActionResult } from '@fieldops/shared/answers';
import type { Database } from '../../db/client.ts';
import { ANSWERS_CHANNEL, parseAnswerNotice } from '../../lib/answer-notices.ts';
import type { ViewScope } from '../../policies/schedules.ts';
import { answersStoredSince, findAnswer } from '../action-results/action-results.service.ts';

export interface LiveFeedViewer {
  scope: ViewScope;
  send(answer: ActionResult): void;
  /** The feed is closing (the server shuts down): end the stream. */
  end(): void;
}

/** Where a reconnecting viewer left off: after an answer, or at a moment (its first connection). */
export type FeedPosition = { afterId: number } | { since: Date };

/** An answer stored this long before the last one delivered may have committed after it. */
const REPLAY_MARGIN_S = 30;
const REPLAY_LIMIT = 500;

export interface LiveFeedHub {
  readonly heartbeatMs: number;
  /**
   * Adds a viewer, first sending what it missed since `from` when given; resolves once
   * notifications are listened to. The function removes the viewer.
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
  const byBusiness = new Map<number, Set<LiveFeedViewer>>();
  let listening: Promise<() => Promise<void>> | null = null;
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  async function deliver(payload: string) {
    const notice = parseAnswerNotice(payload);
    const viewers = notice ? byBusiness.get(notice.businessId) : undefined;
    if (!notice || !viewers?.size) return;
    const found = await findAnswer(app.db, notice.businessId, notice.answerId);
    if (!found) return;
    const answer = actionResult.parse(found);
    for (const viewer of viewers) if (canSee(viewer.scope, answer)) viewer.send(answer);
  }

  function onNotification(payload: string) {
    queue = queue.then(() => deliver(payload)).catch((err: unknown) => app.log.error({ err }, 'live feed: an answer could not be delivered'));
  }

  /** Every viewer reconnects, and is sent what it missed. */
  function endStreams() {
    app.log.warn('live feed: notifications may have been missed; viewers reconnect to catch up');
    for (const set of byBusiness.values()) for (const viewer of set) viewer.end();
  }

  function startListening() {
    listening ??= database.listen(ANSWERS_CHANNEL, onNotification, endStreams).catch((err: unknown) => {
      // The next viewer tries again.
      listening = null;
      throw err;
    });
    return listening;
  }

  return {
    heartbeatMs,
    async subscribe(viewer, from) {
      if (closed) throw new Error('The live feed is closed.');
      await startListening();
      const set = byBusiness.get(viewer.scope.businessId) ?? new Set();
      byBusiness.set(viewer.scope.businessId, set.add(viewer));
      // Listening first, then the replay: an answer may come twice (the client keeps one), never not at all.
      if (from) {
        const missed = await answersStoredSince(app.db, viewer.scope.businessId, from, REPLAY_MARGIN_S, REPLAY_LIMIT);
        for (const answer of missed) if (canSee(viewer.scope, answer)) viewer.send(answer);
      }
      return () => {
        set.delete(viewer);
        if (set.size === 0 && byBusiness.get(viewer.scope.businessId) === set) byBusiness.delete(viewer.scope.businessId);
      };
    },
    viewers: () => [...byBusiness.values()].reduce((n, set) => n + set.size, 0),
    async close() {
      closed = true;
      for (const set of byBusiness.values()) for (const viewer of set) viewer.end();
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
