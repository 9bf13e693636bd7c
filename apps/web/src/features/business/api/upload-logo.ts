// PUT /api/v1/business/{businessId}/upload-profile: the business logo, as the multipart field
// "file" (PNG, JPG or GIF under 10MB).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Business } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { setSessionBusiness } from '../../../lib/session/update-session.ts';

export const uploadLogoMutationKey = ['business', 'logo'] as const;

export function logoFormData(file: File): FormData {
  const data = new FormData();
  data.append('file', file);
  return data;
}

export const uploadLogo = ({ businessId, file }: { businessId: number; file: File }) =>
  api.put<Business>(`/v1/business/${businessId}/upload-profile`, logoFormData(file));

export function useUploadLogoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: uploadLogoMutationKey,
    mutationFn: uploadLogo,
    // The header shows the new logo at once.
    onSuccess: (saved) => setSessionBusiness(queryClient, saved),
  });
}
