// PUT /api/v1/businesses/{id}: the business profile (name, colour, time zone, industry) and its
// managed-profile flag.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Business, BusinessUpdateRequest } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { setSessionBusiness } from '../../../lib/session/update-session.ts';

export const updateBusinessMutationKey = ['business', 'update'] as const;

export const updateBusiness = ({ businessId, body }: { businessId: number; body: BusinessUpdateRequest }) =>
  api.put<Business>(`/v1/businesses/${businessId}`, body);

export function useUpdateBusinessMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateBusinessMutationKey,
    mutationFn: updateBusiness,
    // The header shows the new name and colour at once.
    onSuccess: (saved) => setSessionBusiness(queryClient, saved),
  });
}
