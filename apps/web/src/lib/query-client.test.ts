// Retries: after the server's Retry-After when it gives one; a change refused with 503 and
// Retry-After (the database failing over) is sent once more with the same Idempotency-Key.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { createQueryClient, retryDelay, shouldRetry, shouldRetryChange } from './query-client.ts';

const unavailable = () =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, message: 'Service unavailable' }), {
    status: 503,
    headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '1' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('retries', () => {
  it('wait as long as the server asks, capped, and back off otherwise', () => {
    expect(retryDelay(1, new ApiError({ status: 503, userMessage: 'x', retryAfter: 2 }))).toBe(2000);
    expect(retryDelay(1, new ApiError({ status: 503, userMessage: 'x', retryAfter: 600 }))).toBe(10_000);
    expect(retryDelay(0, new ApiError({ status: 500, userMessage: 'x' }))).toBe(1000);
    expect(retryDelay(2, new Error('offline'))).toBe(4000);
    expect(shouldRetry(0, new ApiError({ status: 404, userMessage: 'x' }))).toBe(false);
  });

  it('try a failed load once more at most, so a server failure is told within about a second', () => {
    expect(shouldRetry(0, new ApiError({ status: 500, userMessage: 'x' }))).toBe(true);
    expect(shouldRetry(1, new ApiError({ status: 500, userMessage: 'x' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 0, userMessage: 'x' }))).toBe(true);
    expect(shouldRetry(1, new ApiError({ status: 0, userMessage: 'x' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 403, userMessage: 'x' }))).toBe(false);
  });

  it('send a change once more only after a 503 that says when to come back', () => {
    expect(shouldRetryChange(0, new ApiError({ status: 503, userMessage: 'x', retryAfter: 2 }))).toBe(true);
    expect(shouldRetryChange(1, new ApiError({ status: 503, userMessage: 'x', retryAfter: 2 }))).toBe(false);
    expect(shouldRetryChange(0, new ApiError({ status: 503, userMessage: 'x' }))).toBe(false);
    expect(shouldRetryChange(0, new ApiError({ status: 500, userMessage: 'x', retryAfter: 2 }))).toBe(false);
    expect(shouldRetryChange(0, new ApiError({ status: 409, userMessage: 'x', retryAfter: 2 }))).toBe(false);
  });

  it('a create refused for a moment is made on the second try, with the same key', async () => {
    const keys: (string | null)[] = [];
    const fetchMock = vi.fn(async (input: string, init: RequestInit) => {
      expect(input).toBe('/services/workflow/api/v1/tags');
      keys.push(new Headers(init.headers).get('Idempotency-Key'));
      return keys.length === 1 ? unavailable() : Response.json({ id: 7, nameEn: 'Fire' }, { status: 201 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    const created = await client
      .getMutationCache()
      .build(client, { mutationFn: () => api.post('/v1/tags', { nameEn: 'Fire', nameAr: 'حريق' }, { base: 'workflow' }) })
      .execute(undefined);
    expect(created).toEqual({ id: 7, nameEn: 'Fire' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keys[0]).toMatch(/^[a-f0-9]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
