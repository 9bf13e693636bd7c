// POST /api/v1/account/invitations/lookup: the invitation a link's key opens, for the signed-in
// person holding it (a key in a request body stays out of address logs). Read, not changed.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyInvitation } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';

export const invitationByKeyQueryKey = (key: string) => [...sharedKeys.invitations, 'key', key] as const;

export const openInvitation = (key: string, signal?: AbortSignal) => api.post<MyInvitation>('/v1/account/invitations/lookup', { key }, { signal });

export function useInvitationByKeyQuery(key: string | null) {
  return useQuery({
    queryKey: invitationByKeyQueryKey(key ?? ''),
    queryFn: ({ signal }) => openInvitation(key ?? '', signal),
    enabled: Boolean(key),
    retry: false,
  });
}

/** Forgets what a key opened, once its invitation is answered: the key opens nothing any more. */
export function useForgetInvitationKey() {
  const queryClient = useQueryClient();
  return (key: string) => queryClient.removeQueries({ queryKey: invitationByKeyQueryKey(key) });
}
