// PUT /api/v1/users/{id}: a member's name, e-mail, phone, position and business role.
import { useMutation } from '@tanstack/react-query';
import type { Member } from '@fieldops/shared/account';
import type { MemberUpdateRequest } from '@fieldops/shared/organisation';
import { api } from '../../../lib/api-client.ts';

export const updateMemberMutationKey = ['members', 'update'] as const;

export const updateMember = ({ userId, body }: { userId: number; body: MemberUpdateRequest }) =>
  api.put<Member>(`/v1/users/${userId}`, body);

export function useUpdateMemberMutation() {
  return useMutation({ mutationKey: updateMemberMutationKey, mutationFn: updateMember });
}
