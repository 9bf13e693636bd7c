// DELETE /api/v1/teams/{teamId}/members/{memberId}: takes a member out of one site (they stay
// in the business and in their other sites).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const removeFromSiteMutationKey = ['sites', 'members', 'remove'] as const;

export const removeFromSite = ({ teamId, userId }: { teamId: number; userId: number }) => api.delete(`/v1/teams/${teamId}/members/${userId}`);

export function useRemoveFromSiteMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: removeFromSiteMutationKey, mutationFn: removeFromSite, onSuccess: refreshOrganisation });
}
