// The TanStack Query client: no retries for answers that will not change (4xx), one for network
// and server failures, after the server's Retry-After when it says one (so a failure is told
// within about a second); no refetch on every window focus. A change the server could not make for a moment (503 with Retry-After, a
// database failing over) is sent once more after the wait: its Idempotency-Key stays the same
// (lib/idempotency.ts), so it is made at most once.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

const MAX_RETRIES = 1;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** Waits the server asked for (capped at 10 s), else 1 s, 2 s, 4 s … up to 30 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfter !== null) return Math.min(error.retryAfter * 1000, 10_000);
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/** A change is tried again once, and only when the server said it was unavailable for a while. */
export function shouldRetryChange(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof ApiError && error.status === 503 && error.retryAfter !== null;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: shouldRetryChange, retryDelay },
    },
  });
}

export const queryClient = createQueryClient();
