// POST /api/v1/users/{id}/activate ('Activate Member Now'): the member can sign in with the
// password they were invited with, without using their activation key.
import { useMutation } from '@tanstack/react-query';
import type { Member } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const activateMemberMutationKey = ['members', 'activate'] as const;

export const activateMember = (userId: number) => api.post<Member>(`/v1/users/${userId}/activate`);

export function useActivateMemberMutation() {
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({ mutationKey: activateMemberMutationKey, mutationFn: activateMember, onSuccess: refreshOrganisation });
}
