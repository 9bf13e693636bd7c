import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, openLiveFeed, type LiveState } from './live-feed-client.ts';

afterEach(() => window.localStorage.clear());

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('live feed client', () => {
  it('sends the token and api key, hands over events, and reconnects with growing delays after drops', async () => {
    window.localStorage.setItem('id_token', 'tok');
    window.localStorage.setItem('apiKey', 'key-1');
    const requests: Headers[] = [];
    let attempt = 0;
    const fetcher = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Headers(init?.headers));
      attempt += 1;
      if (attempt === 1) return new Response(streamOf(['event: answer\ndata: {"id":', '1}\n\n']), { status: 200 });
      if (attempt === 2) return new Response('busy', { status: 503 });
      throw new TypeError('network down');
    });
    const waits: number[] = [];
    const states: LiveState[] = [];
    const events: string[] = [];
    let close = () => {};
    await new Promise<void>((resolve) => {
      close = openLiveFeed({
        fetcher: fetcher as unknown as typeof fetch,
        onEvent: (event) => events.push(event.data),
        onState: (state) => states.push(state),
        wait: async (ms) => {
          waits.push(ms);
          if (waits.length === 3) resolve();
        },
      });
    });
    close();
    expect(requests[0].get('Authorization')).toBe('Bearer tok');
    expect(requests[0].get('X-Api-Key')).toBe('key-1');
    expect(requests[0].get('Accept')).toBe('text/event-stream');
    expect(events).toEqual(['{"id":1}']);
    expect(states.slice(0, 3)).toEqual(['connecting', 'live', 'reconnecting']);
    // After the live connection drops: ~1 s; then the failures grow: ~2 s, ~4 s.
    expect(waits[0]).toBeGreaterThanOrEqual(800);
    expect(waits[0]).toBeLessThanOrEqual(1200);
    expect(waits[1]).toBeGreaterThanOrEqual(1600);
    expect(waits[2]).toBeGreaterThanOrEqual(3200);
  });

  it('caps the delay at 30 seconds', () => {
    expect(backoffDelay(20, () => 1)).toBe(36_000);
    expect(backoffDelay(20, () => 0)).toBe(24_000);
    expect(backoffDelay(0, () => 0.5)).toBe(1_000);
  });

  it('asks for what it missed: the id of the last event it had goes with the next connection', async () => {
    const requests: Headers[] = [];
    const fetcher = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Headers(init?.headers));
      if (requests.length === 1) return new Response(streamOf(['id: f41\nevent: answer\ndata: {}\n\nid: f42\nevent: answer\ndata: {}\n\n']), { status: 200 });
      return new Response(streamOf([]), { status: 200 });
    });
    let close = () => {};
    await new Promise<void>((resolve) => {
      close = openLiveFeed({
        fetcher: fetcher as unknown as typeof fetch,
        onEvent: () => undefined,
        onState: () => undefined,
        wait: async () => {
          if (requests.length === 2) resolve();
        },
      });
    });
    close();
    expect(requests[0].get('Last-Event-ID')).toBeNull();
    expect(requests[1].get('Last-Event-ID')).toBe('f42');
  });
});
