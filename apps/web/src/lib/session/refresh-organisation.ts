// After a change to projects, sites or members every list that shows them, and the session
// (its sites, member counts and the user's own sites), is loaded again.
import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from './use-session-query.ts';

export async function refreshOrganisation(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['projects'] }),
    queryClient.invalidateQueries({ queryKey: ['sites'] }),
    queryClient.invalidateQueries({ queryKey: ['members'] }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  ]);
}
