// Runs the account load sequence once per sign-in and keeps it cached, reading it again every few
// minutes: its avatars and logo are signed file links that expire (FILE_LINK_BUCKET_MS).
import { useCallback } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FILE_LINK_BUCKET_MS } from '@fieldops/shared/limits';
import { ApiError } from '../api-error.ts';
import { isAuthenticated } from '../storage.ts';
import { loadSession } from './load-session.ts';
import type { Session } from './types.ts';

export const sessionQueryKey = ['session'] as const;

/**
 * The session from the server, kept on the device for this sign-in; when the server cannot be
 * reached, the kept one, so a member's app opens in a basement too (lib/offline/device-copy.ts).
 */
export async function loadSessionOrCopy(queryClient: QueryClient, signal?: AbortSignal): Promise<Session> {
  try {
    const session = await loadSession(queryClient, signal);
    // The device store's code comes after the first screen: it is not needed to draw it.
    void import('../offline/device-copy.ts').then(({ saveSessionCopy }) => saveSessionCopy(session)).catch(() => {});
    return session;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error;
    const copy = await import('../offline/device-copy.ts').then(({ readSessionCopy }) => readSessionCopy()).catch(() => null);
    if (!copy) throw error;
    return copy;
  }
}

export function useSessionQuery() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => loadSessionOrCopy(queryClient, signal),
    // Tried even when the browser says it is offline: the copy on the device answers then.
    networkMode: 'always',
    staleTime: Infinity,
    // In the background, keeping what is shown: a header shown for an hour still gets fresh links.
    refetchInterval: FILE_LINK_BUCKET_MS,
    retry: false,
    // Once signed out (token gone) a re-render must not start the sequence again.
    enabled: isAuthenticated(),
  });
}

/** Loads the whole sequence again in the background (the same function on every render). */
export function useSessionRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: sessionQueryKey }), [queryClient]);
}
