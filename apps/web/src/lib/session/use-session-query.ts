// Runs the account load sequence once per sign-in and keeps it cached, reading it again every few
// minutes: its avatars and logo are signed file links that expire (FILE_LINK_BUCKET_MS).
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FILE_LINK_BUCKET_MS } from '@fieldops/shared/limits';
import { isAuthenticated } from '../storage.ts';
import { loadSession } from './load-session.ts';

export const sessionQueryKey = ['session'] as const;

export function useSessionQuery() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => loadSession(queryClient, signal),
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
