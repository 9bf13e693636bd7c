// POST /api/v1/teams/{teamId}/users/{userId}/transfer {executionPlanIds, toTeamId}: moves a
// member from one site to another, keeping their role and position, optionally carrying
// execution plans.
import { useMutation } from '@tanstack/react-query';
import type { TeamMember, TransferMemberRequest } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';

export const transferMemberMutationKey = ['members', 'transfer'] as const;

export const transferMember = ({ fromTeamId, userId, body }: { fromTeamId: number; userId: number; body: TransferMemberRequest }) =>
  api.post<TeamMember>(`/v1/teams/${fromTeamId}/users/${userId}/transfer`, body);

export function useTransferMemberMutation() {
  return useMutation({ mutationKey: transferMemberMutationKey, mutationFn: transferMember });
}
