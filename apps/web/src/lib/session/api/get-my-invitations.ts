// GET /api/v1/account/invitations: the pending invitations of the signed-in person, from any
// business. Part of the session (GET /api/v1/account/session seeds it); read again when the
// window regains focus, so a new one shows without a reload.
import { useQuery } from '@tanstack/react-query';
import type { MyInvitation } from '@fieldops/shared/account';
import { api } from '../../api-client.ts';
import { sharedKeys } from '../../query-keys.ts';

export const myInvitationsQueryKey = [...sharedKeys.invitations, 'mine'] as const;

export const fetchMyInvitations = (signal?: AbortSignal) => api.get<MyInvitation[]>('/v1/account/invitations', { signal });

export function useMyInvitationsQuery() {
  return useQuery({
    queryKey: myInvitationsQueryKey,
    queryFn: ({ signal }) => fetchMyInvitations(signal),
    refetchOnWindowFocus: true,
  });
}
