// DELETE /api/v1/users/{id}: takes a member out of the business with all their site places.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const deleteMemberMutationKey = ['members', 'delete'] as const;

export const deleteMember = (userId: number) => api.delete(`/v1/users/${userId}`);

export function useDeleteMemberMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: deleteMemberMutationKey, mutationFn: deleteMember, onSuccess: refreshOrganisation });
}
