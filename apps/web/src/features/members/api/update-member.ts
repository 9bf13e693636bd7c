// PUT /api/v1/users/{id}: a member's name, e-mail, phone, position and business role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member } from '@fieldops/shared/account';
import type { MemberUpdateRequest } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';
import { memberQueryKey } from '../../../lib/session/api/get-member.ts';
import { useOrganisationRefresh } from '../../../lib/session/refresh-organisation.ts';

export const updateMemberMutationKey = ['members', 'update'] as const;

export const updateMember = ({ userId, body }: { userId: number; body: MemberUpdateRequest }) => api.put<Member>(`/v1/users/${userId}`, body);

export function useUpdateMemberMutation() {
  const queryClient = useQueryClient();
  const refreshOrganisation = useOrganisationRefresh();
  return useMutation({
    mutationKey: updateMemberMutationKey,
    mutationFn: updateMember,
    onSuccess: (saved, { userId }) => {
      queryClient.setQueryData(memberQueryKey(userId), saved);
      refreshOrganisation();
    },
  });
}
