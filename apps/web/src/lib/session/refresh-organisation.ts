// After a change to projects, sites or members every list that shows them, and the session
// (its sites, member counts and the user's own sites), is loaded again.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../query-keys.ts';
import { sessionQueryKey } from './use-session-query.ts';

export async function refreshOrganisation(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.projects }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.sites }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.members }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  ]);
}

/**
 * For a mutation's onSuccess: starts loading the organisation again without waiting for it, so a
 * dialog closes and a toast shows at once.
 */
export function useOrganisationRefresh(): () => void {
  const queryClient = useQueryClient();
  return () => void refreshOrganisation(queryClient);
}
