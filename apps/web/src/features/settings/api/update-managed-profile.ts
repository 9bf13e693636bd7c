// The managed-profile flag is part of the business: PUT /api/v1/businesses/{id} with the
// current profile and the new flag.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Business } from '@fieldops/shared/account';
import { api } from '../../../lib/api-client.ts';
import { setSessionBusiness } from '../../../lib/session/update-session.ts';

export const updateManagedProfileMutationKey = ['business', 'managed-profile', 'update'] as const;

export const updateManagedProfile = ({ business, managedProfile }: { business: Business; managedProfile: boolean }) =>
  api.put<Business>(`/v1/businesses/${business.id}`, {
    name: business.name,
    colour: business.colour,
    timeZone: business.timeZone,
    industryId: business.industryId,
    managedProfile,
  });

export function useUpdateManagedProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateManagedProfileMutationKey,
    mutationFn: updateManagedProfile,
    onSuccess: (saved) => setSessionBusiness(queryClient, saved),
  });
}
