// POST /api/v1/teams/{teamId}/users/{userId}/transfer {executionPlanIds, toTeamId}: moves a
// member from one site to another, keeping their role and position, optionally carrying
// execution plans.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamMember, TransferMemberRequest } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';
import { memberKeys } from './member-keys.ts';

export const transferMemberMutationKey = ['members', 'transfer'] as const;

export const transferMember = ({ fromTeamId, userId, body }: { fromTeamId: number; userId: number; body: TransferMemberRequest }) =>
  api.post<TeamMember>(`/v1/teams/${fromTeamId}/users/${userId}/transfer`, body);

export function useTransferMemberMutation() {
  const queryClient = useQueryClient();
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({
    mutationKey: transferMemberMutationKey,
    mutationFn: transferMember,
    onSuccess: () => {
      // The carried plans now belong to the new site.
      void queryClient.invalidateQueries({ queryKey: memberKeys.plans });
      refreshOrganisation();
    },
  });
}
