// The live feed (`GET /services/workflow/api/v1/report/live`): server-sent events read with
// fetch, because the call needs the same bearer token and api key headers as every other call,
// which EventSource cannot send. Reconnects with growing delays (1 s doubling to 30 s, with
// jitter) after a drop, sending the id of the last event it had (`Last-Event-ID`) so the server
// replays what came meanwhile; a 401 ends the session as the API client does.
import { API_KEY_HEADER } from '@fieldops/shared/limits';
import { handleUnauthorized, API_BASES } from '../api-client.ts';
import { getApiKey, getToken } from '../storage.ts';
import { SseParser, type ServerEvent } from './sse-parser.ts';

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'closed';

export const LIVE_FEED_PATH = '/v1/report/live';
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

export interface LiveFeedOptions {
  onEvent: (event: ServerEvent) => void;
  onState: (state: LiveState) => void;
  /** Replaces fetch (tests). */
  fetcher?: typeof fetch;
  /** Replaces the wait between attempts (tests). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  url?: string;
}

/** The delay before attempt `attempt` (0-based) after a drop: 1, 2, 4 … 30 s, ±20%. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Opens the feed and keeps it open until the returned function is called. */
export function openLiveFeed(options: LiveFeedOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const fetcher = options.fetcher ?? ((input, init) => fetch(input, init));
  const wait = options.wait ?? sleep;
  const url = options.url ?? `${API_BASES.workflow}${LIVE_FEED_PATH}`;
  let lastEventId: string | null = null;

  /** One connection: 'dropped' after it was live, 'failed' when it never was, 'stop' for good. */
  const connect = async (): Promise<'dropped' | 'failed' | 'stop'> => {
    const headers = new Headers({ Accept: 'text/event-stream' });
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const apiKey = getApiKey();
    if (apiKey) headers.set(API_KEY_HEADER, apiKey);
    if (lastEventId) headers.set('Last-Event-ID', lastEventId);
    const response = await fetcher(url, { headers, signal, cache: 'no-store' });
    if (response.status === 401) {
      handleUnauthorized();
      return 'stop';
    }
    if (!response.ok || !response.body) return 'failed';
    options.onState('live');
    const parser = new SseParser();
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const event of parser.feed(decoder.decode(value, { stream: true }))) {
          if (event.id) lastEventId = event.id;
          options.onEvent(event);
        }
      }
    } catch {
      // A dropped connection: reconnect below.
    } finally {
      reader.releaseLock();
    }
    return 'dropped';
  };

  void (async () => {
    let attempt = 0;
    options.onState('connecting');
    while (!signal.aborted) {
      let outcome: 'dropped' | 'failed' | 'stop';
      try {
        outcome = await connect();
      } catch {
        outcome = 'failed';
      }
      if (signal.aborted || outcome === 'stop') break;
      // A connection that got through starts the delays over.
      if (outcome === 'dropped') attempt = 0;
      options.onState('reconnecting');
      await wait(backoffDelay(attempt), signal);
      attempt += 1;
    }
    options.onState('closed');
  })();

  return () => controller.abort();
}
