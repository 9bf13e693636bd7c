// The query keys of site membership, shared UI that several features show: the business's
// pending invitations and the member search of the pickers.
import type { InvitationStatus } from '@fieldops/shared/enums';
import { sharedKeys } from '../../../lib/query-keys.ts';

export const siteMembershipKeys = {
  /** Every list of the business's invitations starts with this (inviting and canceling change them). */
  invitations: [...sharedKeys.invitations, 'business'] as const,
  invitationList: (status: InvitationStatus, page: number, size: number) => [...sharedKeys.invitations, 'business', { status, page, size }] as const,
  memberSearch: (searchKey: string | undefined) => [...sharedKeys.members, 'search', { searchKey }] as const,
};
