// Runs the account load sequence once per sign-in and keeps it cached.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isAuthenticated } from '../storage.ts';
import { loadSession } from './load-session.ts';

export const sessionQueryKey = ['session'] as const;

export function useSessionQuery() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => loadSession(queryClient, signal),
    staleTime: Infinity,
    retry: false,
    // Once signed out (token gone) a re-render must not start the sequence again.
    enabled: isAuthenticated(),
  });
}
