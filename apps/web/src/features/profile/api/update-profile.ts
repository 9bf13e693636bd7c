// PUT /api/users/{userId}/profile as multipart form data: name, email, countryCode, phone,
// bio, and the avatar only when a new file was chosen (spec §5).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { memberQueryKey } from '../../../lib/session/api/get-member.ts';

export interface ProfileUpdate {
  name: string;
  email: string;
  countryCode: string | null;
  phone: string | null;
  bio: string | null;
  avatar?: File | null;
}

export const updateProfileMutationKey = ['profile', 'update'] as const;

export function profileFormData(update: ProfileUpdate): FormData {
  const data = new FormData();
  data.append('name', update.name);
  data.append('email', update.email);
  data.append('countryCode', update.countryCode ?? '');
  data.append('phone', update.phone ?? '');
  data.append('bio', update.bio ?? '');
  if (update.avatar instanceof File) data.append('avatar', update.avatar);
  return data;
}

export const updateProfile = ({ userId, update }: { userId: number; update: ProfileUpdate }) =>
  api.put<Member>(`/users/${userId}/profile`, profileFormData(update));

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateProfileMutationKey,
    mutationFn: updateProfile,
    onSuccess: (saved, { userId }) => queryClient.setQueryData(memberQueryKey(userId), saved),
  });
}
