// What an invitation changes: the members lists and the business's pending invitations load
// again (awaited, so the inviting dialog waits for them), then the rest of the organisation.
import { useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';
import { siteMembershipKeys } from './site-membership-keys.ts';

export function useInvitationSent(): () => Promise<void> {
  const queryClient = useQueryClient();
  const refreshOrganisation = useOrganisationRefresh();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sharedKeys.members }),
      queryClient.invalidateQueries({ queryKey: siteMembershipKeys.invitations }),
    ]);
    refreshOrganisation();
  };
}
