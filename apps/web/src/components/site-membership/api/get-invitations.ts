// GET /api/v1/invitations?status=PENDING&page&size: the business's invitations still waiting for
// an answer (owners and admins see all, a supervisor those to the sites they supervise), with
// the total from X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@fieldops/shared/account';
import type { InvitationStatus } from '@fieldops/shared/enums';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { api } from '../../../lib/api-client.ts';
import { siteMembershipKeys } from './site-membership-keys.ts';

export const fetchBusinessInvitations = (status: InvitationStatus, page: number, size: number, signal?: AbortSignal) =>
  api.list<Invitation>('/v1/invitations', { params: { status, page, size }, signal });

export function usePendingInvitationsQuery(page: number, size = DEFAULT_PAGE_SIZE, enabled = true) {
  return useQuery({
    queryKey: siteMembershipKeys.invitationList('PENDING', page, size),
    queryFn: ({ signal }) => fetchBusinessInvitations('PENDING', page, size, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
